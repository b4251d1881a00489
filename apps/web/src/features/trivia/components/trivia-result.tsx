import type { AnswerQuizData } from '@tuzo/contracts';
import { Trophy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeading } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { formatMoney } from '@/lib/money';
import { triviaTexts } from '../texts';

/** The round's result (score and amount, as the server said it), then back to the intro. */
export function TriviaResult({ result, msg, onDone }: { result: AnswerQuizData; msg: string; onDone: () => void }) {
  const t = useTexts(triviaTexts);
  return (
    <Card className="mx-auto w-full max-w-2xl" data-testid="trivia-result">
      <CardHeading icon={Trophy} title={t('resultTitle')} iconClassName="text-accent-500" />
      <CardContent className="flex flex-col gap-4">
        <p className="text-3xl font-bold text-slate-900" data-testid="trivia-score">
          {result.correct} / {result.total}
        </p>
        <p className="text-slate-700" role="status">
          {msg}
        </p>
        <p className="text-sm text-slate-600">{t('earnedToday', { amount: formatMoney(result.amount, result.currency) })}</p>
        <Button size="lg" onClick={onDone}>
          {t('back')}
        </Button>
      </CardContent>
    </Card>
  );
}
