/**
 * A request's target as a URL, or null when it is none (`//[`, `http://[/`): `new URL` throws on those,
 * and a throw in a request listener would end the process. Every listener parses its targets here and
 * answers null with a 400.
 */
export function requestUrl(target: string | undefined): URL | null {
  try {
    return new URL(target ?? '/', 'http://local');
  } catch {
    return null;
  }
}
