/**
 * The environment variable in which a function with `callsApi` gets the API's GraphQL URL: the one
 * name the wiring may give and the one `callApi` (src/call-api.ts) reads.
 */
export const API_URL_VARIABLE = 'API_URL';
