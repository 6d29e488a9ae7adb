/** The apps' one date format: "Mar 4, 2024, 1:00 AM" for an instant, "Mar 3, 2024" for a calendar day. */
export const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar day (yyyy-mm-dd, no time of day) in the same style, read as that day wherever the viewer is. */
export const formatDay = (date: string) =>
  new Date(`${date.slice(0, 10)}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
