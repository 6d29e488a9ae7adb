/** The Cognito groups an app checks to show its tools (the API checks them again). */
export { ADMIN_GROUP } from '@pickem/domain/groups';
