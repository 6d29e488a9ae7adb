/**
 * The import rules `npm run lint` checks with dependency-cruiser, over every folder of the repository:
 * no cycles; the web app's features apart; the React Native app apart from the web app; the generic
 * packages know nothing of Pick'Em; what deploys loads nothing of the emulator.
 * (domain/'s and amplify/'s import bounds, and who may spell key attributes, are in eslint.config.js.)
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes its modules one: move what they share into a module none of them imports back.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'app-features-apart',
      severity: 'error',
      comment:
        "The app's features (screens, admin, leagues) never import each other: share through app/src/ or @pickem/client.",
      from: { path: '^app/src/(screens|admin|leagues)/' },
      to: { path: '^app/src/(screens|admin|leagues)/', pathNot: '^app/src/$1/' },
    },
    {
      name: 'app-shared-no-features',
      severity: 'error',
      comment: "app/src/'s shared modules are below the features; only the shell (App.tsx, main.tsx) composes them.",
      from: { path: '^app/src/[^/]+$', pathNot: '^app/src/(App|main)\\.tsx$' },
      to: { path: '^app/src/(screens|admin|leagues)/' },
    },
    {
      name: 'client-no-app',
      severity: 'error',
      comment: '@pickem/client serves every app: it imports none of them.',
      from: { path: '^client/' },
      to: { path: '^(app|mobile)/' },
    },
    {
      name: 'mobile-no-web-app',
      severity: 'error',
      comment: 'The React Native app shares code with the web app through @pickem/client, never app/.',
      from: { path: '^mobile/' },
      to: { path: '^app/' },
    },
    {
      name: 'runtime-package-alone',
      severity: 'error',
      comment: 'packages/ are generic: they import nothing of the project around them.',
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^(app|client|domain|resolvers|amplify|scripts|bench|test|mobile)/|^project\\.ts$' },
    },
    {
      name: 'production-loads-no-emulator',
      severity: 'error',
      comment:
        'What deploys (the cloud stack, its functions, the resolvers, the apps, appsync-cloud) never loads the emulator, appsync-local, not even through another module.',
      from: { path: '^(amplify|resolvers|domain|client|app/src|mobile/src|packages/appsync-cloud)/' },
      to: { path: '^packages/appsync-local/', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|dist|\\.local)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
