import { zodResolver } from '@hookform/resolvers/zod';
import { WithdrawPayloadSchema } from '@tuzo/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from '@/components/ui/field';
import { setLanguage } from '@/i18n';
import { loadContractMessages, localiseContractMessage } from './contract-messages';

/** A form checked by a contract's schema, its messages shown by Field, as the app's forms do (decision 030). */
function WithdrawFields() {
  const form = useForm({ resolver: zodResolver(WithdrawPayloadSchema), defaultValues: { acc: '1', amount: '' } });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <Field label="Amount" htmlFor="amount" error={errors.amount?.message}>
        <input id="amount" {...form.register('amount')} />
      </Field>
      <button type="submit">Withdraw</button>
    </form>
  );
}

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('contract messages in Swahili', () => {
  it('shows a field’s contract message in Swahili when the app is in Swahili, and in English again after', async () => {
    await act(() => setLanguage('sw'));
    render(<WithdrawFields />);
    await userEvent.type(screen.getByLabelText('Amount'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const alert = await screen.findByText('Tafadhali weka kiasi sahihi (tarakimu tu, zisizozidi nafasi 2 za desimali)');
    expect(alert.getAttribute('role')).toBe('alert');
    await act(() => setLanguage('en'));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid amount (digits with at most 2 decimals)');
  });

  it('fills in values and wallet names, and leaves any other message as it was given', async () => {
    await loadContractMessages();
    expect(localiseContractMessage('Minimum withdrawal amount is KES 200.00', 'sw')).toBe(
      'Kiasi cha chini cha kutoa pesa ni KES 200.00',
    );
    expect(localiseContractMessage('At most 20 answers', 'sw')).toBe('Si zaidi ya majibu 20');
    expect(localiseContractMessage('Minimum withdrawal amount is KES 200.00', 'en')).toBe(
      'Minimum withdrawal amount is KES 200.00',
    );
    expect(localiseContractMessage('Kiasi ni kidogo mno', 'sw')).toBe('Kiasi ni kidogo mno');
  });
});
