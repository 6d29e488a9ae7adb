/** AppSync's limit on the size of one resolver's or function's code (checked by the bundler and the local runtime). */
export const MAX_CODE_CHARS = 32_768;
