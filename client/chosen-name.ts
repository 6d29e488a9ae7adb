/**
 * Where the display name chosen at sign-up waits until the new player is signed in (sign-up.ts keeps
 * it, `useChosenName` saves it). Apart from sign-up.ts so that a signed-in app need not load sign-up's
 * Amplify Auth calls.
 */

/** Where a chosen name waits: the web app's sessionStorage (a reload keeps it), the phone's memory. */
export interface NameStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryNameStore(): NameStore {
  const names = new Map<string, string>();
  return {
    getItem: (key) => names.get(key) ?? null,
    setItem: (key, value) => void names.set(key, value),
    removeItem: (key) => void names.delete(key),
  };
}

export const chosenNameKey = (email: string) => `pickem.chosenName:${email.trim().toLowerCase()}`;
