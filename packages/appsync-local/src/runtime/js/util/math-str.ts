/** util.math.* and util.str.* (the APPSYNC_JS type definitions list only `normalize` under util.str). */

export const mathUtils = {
  /** Java's Math.round on a double: half up. */
  roundNum: (n: unknown) => Math.round(Number(n)),
  minVal: (a: unknown, b: unknown) => Math.min(Number(a), Number(b)),
  maxVal: (a: unknown, b: unknown) => Math.max(Number(a), Number(b)),
  randomDouble: () => Math.random(),
  /** A whole number in [start, end]. */
  randomWithinRange: (start: unknown, end: unknown) => {
    const lo = Math.ceil(Number(start));
    const hi = Math.floor(Number(end));
    return lo + Math.floor(Math.random() * (hi - lo + 1));
  },
};

export const strUtils = {
  normalize: (value: unknown, form: unknown) => String(value).normalize(String(form).toUpperCase()),
};
