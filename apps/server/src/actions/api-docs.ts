import type { RegisteredAction } from '../http/action.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * The readable API page at `/api/docs`: every action with its methods, who may call it, and its payload and data
 * schemas, rendered on the server from the OpenAPI document (no script, no third-party assets).
 */
export function renderApiDocs(actions: readonly RegisteredAction[], document: Record<string, unknown>): string {
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
  const sorted = [...actions].sort((a, b) => a.access.localeCompare(b.access) || a.name.localeCompare(b.name));
  const rows = sorted
    .map(
      (action) =>
        `<tr><td><a href="#${escapeHtml(action.name)}"><code>${escapeHtml(action.name)}</code></a></td><td>${action.methods.join(', ')}</td><td><span class="access ${action.access}">${action.access}</span></td><td>${escapeHtml(action.summary)}</td></tr>`,
    )
    .join('\n');
  const sections = sorted
    .map((action) => {
      const operations = paths[`/api/${action.name}`] ?? {};
      const first = Object.values(operations)[0] ?? {};
      const body = (first.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      const params = (first.parameters as { name: string; in: string; schema: unknown }[] | undefined)?.filter(
        (p) => p.in === 'query',
      );
      const payload = body ?? Object.fromEntries((params ?? []).map((p) => [p.name, p.schema]));
      const responses = first.responses as
        Record<string, { content?: Record<string, { schema?: { properties?: { data?: unknown } } }> }> | undefined;
      const data = responses?.['200']?.content?.['application/json']?.schema?.properties?.data;
      return `<section id="${escapeHtml(action.name)}"><h2><code>${escapeHtml(action.name)}</code> <span class="access ${action.access}">${action.access}</span></h2>
<p>${escapeHtml(action.summary)}</p>
<p><code>${action.methods.join(' | ')} /api?action=${escapeHtml(action.name)}</code> or <code>/api/${escapeHtml(action.name)}</code>${action.rateLimit ? ` · at most ${action.rateLimit.perMinute} a minute per address` : ''}</p>
<h3>Payload</h3><pre>${escapeHtml(JSON.stringify(payload, null, 2))}</pre>
<h3>Data</h3><pre>${escapeHtml(JSON.stringify(data ?? null, null, 2))}</pre></section>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tuzo API</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem;color:#111;background:#fff}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.35rem;text-align:left;vertical-align:top}
pre{background:#f4f4f5;padding:.75rem;overflow:auto;font-size:13px}section{border-top:2px solid #e4e4e7;margin-top:2rem}
.access{font-size:12px;border-radius:4px;padding:0 .4rem;background:#e4e4e7}.operator{background:#fde68a}.active{background:#bbf7d0}.member{background:#bfdbfe}.account{background:#e9d5ff}
a{color:#1d4ed8}</style></head><body>
<h1>Tuzo API</h1>
<p>One endpoint: <code>/api?action=NAME</code> (also <code>/api/NAME</code>). Every response is the envelope
<code>{status, resultcode, msg, data, info, code}</code>; the HTTP status equals <code>status</code> and <code>code</code> names the error
(null on success). Signed-in calls send <code>Authorization: Bearer &lt;access_token&gt;</code>. Amounts are decimal strings.
<em>Who</em>: <code>public</code> anyone; <code>account</code> any signed-in account; <code>member</code> and <code>active</code> members
only (staff accounts are refused); <code>support</code> staff; <code>operator</code> operators.
The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>Action</th><th>Methods</th><th>Who</th><th>What it does</th></tr></thead><tbody>
${rows}
</tbody></table>
${sections}
</body></html>`;
}
