// The outputs file is the developer's (git-ignored, absent on a fresh clone): typed here so that the
// app type-checks without it.
declare module '*/amplify_outputs.json' {
  const outputs: import('@pickem/client/configure').AmplifyOutputs;
  export default outputs;
}
