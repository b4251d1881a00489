import { Phone } from 'lucide-react';
import { useTexts } from '@/i18n';
import type { Procedure } from '../api/get-payment-methods';
import { depositTexts } from '../texts';

/** Free text from the server (the spec does not describe the second item); anything else is left out. */
function asText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

function ProcedureCard({ name, procedure }: { name: string; procedure: Procedure }) {
  const t = useTexts(depositTexts);
  const [steps, detail, helpline] = procedure;
  const detailText = asText(detail);
  const helplineText = asText(helpline);
  const headingId = `procedure-${name.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3 sm:p-4">
      <h4 id={headingId} className="font-semibold text-slate-900">
        {name}
      </h4>
      {Array.isArray(steps) && steps.length > 0 ? (
        <ol className="mt-2 flex flex-col gap-2">
          {steps.map((step, index) => (
            <li key={`${String(step.Step)}-${index}`} className="flex gap-3 text-sm">
              <span
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-900"
                aria-hidden="true"
              >
                {step.Step}
              </span>
              <span className="pt-0.5 text-slate-800">
                <span className="sr-only">{t('step', { step: String(step.Step) })}</span>
                {step.Description}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {detailText ? <p className="mt-3 text-sm break-words text-slate-700">{detailText}</p> : null}
      {helplineText ? (
        <p className="mt-3 flex items-start gap-2 text-sm text-slate-700">
          <Phone className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            {t('helpline')}{' '}
            {/^\+?[\d\s]{7,}$/.test(helplineText) ? (
              <a
                className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                href={`tel:${helplineText.replace(/\s/g, '')}`}
              >
                {helplineText}
              </a>
            ) : (
              <span>{helplineText}</span>
            )}
          </span>
        </p>
      ) : null}
    </section>
  );
}

/** The manual deposit procedures, one per method name. */
export function ManualProcedures({ procedures }: { procedures: Record<string, Procedure> }) {
  return (
    <div className="flex flex-col gap-3">
      {Object.entries(procedures).map(([name, procedure]) => (
        <ProcedureCard key={name} name={name} procedure={procedure} />
      ))}
    </div>
  );
}
