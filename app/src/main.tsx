import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureAmplify, loadOutputs } from './amplify.ts';
import { App } from './App.tsx';
import { joinPathToHash } from './route.ts';

joinPathToHash();
const root = createRoot(document.getElementById('root')!);
try {
  configureAmplify(await loadOutputs());
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (err) {
  root.render(
    <main className="page">
      <h1>Pick'Em</h1>
      <p role="alert">
        The app has no backend configured: {err instanceof Error ? err.message : String(err)}. Put the backend's
        amplify_outputs.json beside index.html.
      </p>
    </main>,
  );
}
