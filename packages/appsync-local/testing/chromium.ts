/** Headless Chromium for browser tests: Debian's /usr/bin/chromium (CI installs it), and the flags that keep it off the network. */

export const CHROMIUM = '/usr/bin/chromium';

/** The machine's network is closed: keep Chromium from reaching for update, sync and field-trial servers. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
