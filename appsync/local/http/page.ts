/**
 * A small self-contained query page (no external scripts or styles, so it works offline): query and
 * variables editors, a run button, "act as" a dev user (token from /dev/token) or an API key, and the
 * response with its HTTP status and time.
 */

/**
 * The page's builder of the /dev/token address, as browser script text: the groups field is free
 * text, comma-separated, and each group becomes its own `group=` parameter. Exported so tests can
 * run the very code the page ships.
 */
export const TOKEN_URL_SCRIPT = `function tokenUrl(username, groupsText) {
  var groups = String(groupsText || '').split(',')
    .map(function (g) { return g.trim(); })
    .filter(function (g) { return g !== ''; });
  return '/dev/token?username=' + encodeURIComponent(username) +
    groups.map(function (g) { return '&group=' + encodeURIComponent(g); }).join('');
}`;

export function queryPage(opts: { tokens: boolean }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Local AppSync</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 0; display: flex; flex-direction: column; height: 100vh; }
  header { padding: 8px 12px; background: #232f3e; color: #fff; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
  header input[type=text] { width: 10em; }
  main { flex: 1; display: flex; min-height: 0; }
  section { flex: 1; display: flex; flex-direction: column; padding: 8px; min-width: 0; }
  textarea, pre { flex: 1; font: 13px ui-monospace, monospace; margin: 4px 0; padding: 6px; border: 1px solid #ccc; }
  textarea#variables { flex: 0 0 8em; }
  pre { overflow: auto; background: #f7f7f7; white-space: pre-wrap; }
  button { padding: 4px 14px; }
  #status { font-weight: bold; }
</style>
</head>
<body>
<header>
  <strong>Local AppSync</strong>
  ${
    opts.tokens
      ? `<label>Act as <input type="text" id="username" placeholder="username"></label>
  <label>Groups <input type="text" id="groups" placeholder="group1, group2"></label>
  <button id="signin">Get token</button>`
      : ''
  }
  <label>API key <input type="text" id="apikey" placeholder="x-api-key"></label>
  <span id="who"></span>
</header>
<main>
  <section>
    <label for="query">Query</label>
    <textarea id="query" spellcheck="false">{\n  __typename\n}</textarea>
    <label for="variables">Variables (JSON)</label>
    <textarea id="variables" spellcheck="false">{}</textarea>
    <div><button id="run">Run (Ctrl+Enter)</button> <span id="status"></span></div>
  </section>
  <section>
    <label>Response</label>
    <pre id="result"></pre>
  </section>
</main>
<script>
(function () {
  ${TOKEN_URL_SCRIPT}
  var $ = function (id) { return document.getElementById(id); };
  var token = sessionStorage.getItem('local-appsync-token') || '';
  var store = function (key, el) {
    if (!el) return;
    el.value = localStorage.getItem(key) || el.value;
    el.addEventListener('input', function () { localStorage.setItem(key, el.value); });
  };
  store('local-appsync-query', $('query'));
  store('local-appsync-variables', $('variables'));
  store('local-appsync-apikey', $('apikey'));
  store('local-appsync-groups', $('groups'));
  var showWho = function (text) { $('who').textContent = text; };
  showWho(token ? 'signed in (token kept for this tab)' : '');
  if ($('signin')) {
    $('signin').addEventListener('click', function () {
      var username = $('username').value.trim();
      if (!username) {
        token = '';
        sessionStorage.removeItem('local-appsync-token');
        showWho('signed out (enter a username to act as someone)');
        return;
      }
      var groups = $('groups').value.trim();
      var url = tokenUrl(username, groups);
      fetch(url).then(function (r) { return r.json().then(function (b) { return { ok: r.ok, body: b }; }); })
        .then(function (r) {
          if (!r.ok) { showWho(r.body.error || 'token request failed'); return; }
          token = r.body.token;
          sessionStorage.setItem('local-appsync-token', token);
          showWho('acting as ' + username + (groups ? ' (groups: ' + groups + ')' : ''));
        })
        .catch(function (e) { showWho(String(e)); });
    });
  }
  var run = function () {
    var variables;
    try { variables = JSON.parse($('variables').value || '{}'); }
    catch (e) { $('status').textContent = 'Variables are not valid JSON: ' + e.message; return; }
    var headers = { 'content-type': 'application/json' };
    var apiKey = $('apikey').value.trim();
    if (token) headers.authorization = token;
    else if (apiKey) headers['x-api-key'] = apiKey;
    var started = performance.now();
    $('status').textContent = 'running…';
    fetch('/graphql', { method: 'POST', headers: headers, body: JSON.stringify({ query: $('query').value, variables: variables }) })
      .then(function (r) { return r.text().then(function (t) { return { status: r.status, text: t }; }); })
      .then(function (r) {
        $('status').textContent = 'HTTP ' + r.status + ' in ' + Math.round(performance.now() - started) + ' ms';
        try { $('result').textContent = JSON.stringify(JSON.parse(r.text), null, 2); }
        catch (e) { $('result').textContent = r.text; }
      })
      .catch(function (e) { $('status').textContent = String(e); });
  };
  $('run').addEventListener('click', run);
  document.addEventListener('keydown', function (e) { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) run(); });
})();
</script>
</body>
</html>
`;
}
