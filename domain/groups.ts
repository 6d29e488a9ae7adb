/** The Cognito group whose members run the show: create events, enter results, score. */
export const ADMIN_GROUP = 'admin';
