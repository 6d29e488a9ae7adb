/**
 * `appsync-cloud/lambda`: for the code of a Lambda data source (bundled into the function, so it holds
 * nothing else): calling the API with the function's own IAM identity, and the size limit of what a
 * subscription can carry.
 */
export { API_URL_VARIABLE, callApi, type ApiResponse } from './calls-api.ts';
export { MAX_SUBSCRIPTION_MESSAGE_BYTES } from './limits.ts';
