// cognito-local loads the AWS SDK v2, which prints an end-of-support notice unless told not to.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
