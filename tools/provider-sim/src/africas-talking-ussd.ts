import type { FastifyInstance } from 'fastify';
import { resolveUrl, type UrlSource } from './shared.ts';

/**
 * Africa's Talking USSD, played by the simulator (payment-providers.md, "Africa's Talking: USSD"; decision 056): a
 * dialer page at `GET /sim/ussd` (no external assets) and `POST /sim/ussd/hop` (`phone`, `sessionId`, `text`), each
 * hop posted as a form to the app's USSD callback, derived from the SMS delivery report URL (one dashboard, one
 * secret): `.../hooks/sms-delivery/{secret}` -> `.../hooks/ussd/{secret}`.
 */
export function ussdCallbackUrl(deliveryReportUrl: UrlSource | null): string | null {
  const report = resolveUrl(deliveryReportUrl);
  return report ? report.replace('/sms-delivery/', '/ussd/') : null;
}

/** One hop: the app's answer (`CON ...`/`END ...`), or an error line. */
export async function postUssdHop(
  url: string,
  hop: { sessionId: string; phone: string; text: string },
): Promise<{ status: number; body: string }> {
  const form = {
    sessionId: hop.sessionId,
    serviceCode: '*384*123#',
    phoneNumber: hop.phone,
    networkCode: '63902',
    text: hop.text,
  };
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: await response.text() };
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
  app.get('/sim/ussd', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.post('/sim/ussd/hop', async (request, reply) => {
    const url = ussdCallbackUrl(deliveryReportUrl());
    if (!url) return reply.code(409).send({ body: 'END No USSD callback: the app has not set its SMS report URL.' });
    const hop = request.body as { phone?: string; sessionId?: string; text?: string };
    const answer = await postUssdHop(url, { phone: hop.phone ?? '', sessionId: hop.sessionId ?? 'sim', text: hop.text ?? '' });
    return { status: answer.status, body: answer.body };
  });
}
