/** "2d 03:04:05" until `target` (the seconds rounded up); null once it has passed. */
export function countdown(target: number, now: number): string | null {
  // Whole seconds rounded up: the card shows locked only once the bell has rung, as the API decides it.
  const ms = target - now;
  if (ms <= 0) return null;
  const left = Math.ceil(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(left / 86400);
  const clock = `${two(Math.floor((left % 86400) / 3600))}:${two(Math.floor((left % 3600) / 60))}:${two(left % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
