/** AppSync's limit on the size of one resolver's or function's code (checked by the bundler and the local runtime). */
export const MAX_CODE_CHARS = 32_768;

/**
 * AppSync's limit on one real-time (subscription) message: 240 KB ("AWS AppSync endpoints and quotas").
 * Counted as UTF-8 bytes of the whole message as delivered (a guess on the safe side: AWS does not say
 * what exactly is counted).
 */
export const MAX_SUBSCRIPTION_MESSAGE_BYTES = 240 * 1024;
