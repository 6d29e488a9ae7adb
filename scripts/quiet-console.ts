/**
 * Runs `work` with console.log and console.info silenced: `npm start`'s demo load, where the runtime
 * logs every request and the scoring function notes each live pass a newer result superseded, all in
 * this process. Warnings and errors still show.
 */
export async function withoutInfoLines<T>(work: () => Promise<T>): Promise<T> {
  const { log, info } = console;
  console.log = console.info = () => {};
  try {
    return await work();
  } finally {
    console.log = log;
    console.info = info;
  }
}
