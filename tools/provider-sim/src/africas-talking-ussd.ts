import type { FastifyInstance } from 'fastify';
import { resolveUrl, type UrlSource } from './shared.ts';
import { postUssdEnd, postUssdHop } from './ussd-session.ts';

/**
 * Africa's Talking USSD, played by the simulator (payment-providers.md, "Africa's Talking: USSD"; decision 056): a
 * dialer page at `GET /sim/ussd` (no external assets) and `POST /sim/ussd/hop` (`phone`, `sessionId`, `text`), each
 * hop posted as a form to the app's USSD callback, derived from the SMS delivery report URL (one dashboard, one
 * secret): `.../hooks/sms-delivery/{secret}` -> `.../hooks/ussd/{secret}`; after an END screen the end-of-session
 * notification goes to `.../hooks/ussd-end/{secret}`. `GET /sim/ussd/callback` tells `npm run ussd` that URL.
 */
export function ussdCallbackUrl(deliveryReportUrl: UrlSource | null): string | null {
  const report = resolveUrl(deliveryReportUrl);
  return report ? report.replace('/sms-delivery/', '/ussd/') : null;
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>USSD simulator</title>
<style>body{font-family:monospace;max-width:22em;margin:2em auto}pre{background:#eee;padding:1em;white-space:pre-wrap;min-height:8em}
input,button{font:inherit}</style></head><body><h1>*384*123#</h1>
<label>Phone <input id="phone" value="+254700000000"></label> <button id="dial">Dial</button>
<pre id="screen"></pre><input id="input" size="8"> <button id="send">Send</button>
<script>
let inputs=[],session='';const $=(id)=>document.getElementById(id);
async function hop(){const r=await fetch('/sim/ussd/hop',{method:'POST',headers:{'content-type':'application/json'},
body:JSON.stringify({phone:$('phone').value,sessionId:session,text:inputs.join('*')})});const a=await r.json();
$('screen').textContent=a.body;if(a.body.startsWith('END'))session='';}
$('dial').onclick=()=>{inputs=[];session='sim-'+Date.now();hop();};
$('send').onclick=()=>{if(!session)return;inputs.push($('input').value);$('input').value='';hop();};
</script></body></html>`;

export function registerUssdDialer(app: FastifyInstance, deliveryReportUrl: () => UrlSource | null): void {
  const startedAt = new Map<string, number>();
  app.get('/sim/ussd', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/sim/ussd/callback', async (_request, reply) => {
    const url = ussdCallbackUrl(deliveryReportUrl());
    return url ? { url } : reply.code(409).send({ error: 'The app has not set its SMS report URL' });
  });
  app.post('/sim/ussd/hop', async (request, reply) => {
    const url = ussdCallbackUrl(deliveryReportUrl());
    if (!url) return reply.code(409).send({ body: 'END No USSD callback: the app has not set its SMS report URL.' });
    const body = request.body as { phone?: string; sessionId?: string; text?: string };
    const hop = { phone: body.phone ?? '', sessionId: body.sessionId ?? 'sim', text: body.text ?? '' };
    if (startedAt.size > 1000) startedAt.clear(); // dialled and left: only the duration is lost
    if (hop.text === '') startedAt.set(hop.sessionId, performance.now());
    const answer = await postUssdHop(url, hop);
    if (answer.end) {
      const started = startedAt.get(hop.sessionId) ?? performance.now();
      startedAt.delete(hop.sessionId);
      await postUssdEnd(url, {
        ...hop,
        status: answer.error ? 'Failed' : 'Success',
        durationMs: performance.now() - started,
        hops: hop.text === '' ? 1 : hop.text.split('*').length + 1,
        lastAppResponse: answer.body,
        ...(answer.error ? { errorMessage: answer.error } : {}),
      });
    }
    return { status: answer.status, body: answer.error ? `END ${answer.error}` : answer.body };
  });
}
