import { useEffect, useState } from 'react';
import { errorText } from '../messages.ts';
import { chosenNameKey, type NameStore } from '../chosen-name.ts';

/**
 * Saves the display name chosen at sign-up once the new player is signed in (`save` is the app's
 * updateMyProfile call): `naming` while it runs, so that no screen shows the default name first. The
 * name is forgotten when saved and kept when the save fails, with the reason in plain words.
 */
export function useChosenName(store: NameStore, email: string | undefined, save: (name: string) => Promise<unknown>) {
  const pending = (e: string | undefined) => (e === undefined ? null : store.getItem(chosenNameKey(e)));
  const [naming, setNaming] = useState(() => pending(email) !== null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const name = pending(email);
    if (email === undefined || name === null) return setNaming(false);
    setNaming(true);
    save(name).then(
      () => {
        store.removeItem(chosenNameKey(email));
        setNaming(false);
      },
      (err) => {
        setError(`Your display name was not saved: ${errorText(err)}`);
        setNaming(false);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in address
  }, [email]);
  return { naming, error };
}
