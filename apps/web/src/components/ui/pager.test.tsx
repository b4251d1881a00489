import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';

/** A list screen's use of the pager: it keeps the page and hands the pager the change. */
function PagedList({
  total,
  limit = 50,
  start = 1,
  isTotalCapped,
}: {
  total: number;
  limit?: number;
  start?: number;
  isTotalCapped?: boolean;
}) {
  const [page, setPage] = useState(start);
  return (
    <>
      <p data-testid="page">page {page}</p>
      <Pager page={page} limit={limit} total={total} isTotalCapped={isTotalCapped} onPageChange={setPage} noun="withdrawals" />
    </>
  );
}

const previous = () => screen.getByRole('button', { name: 'Previous page of withdrawals' }) as HTMLButtonElement;
const next = () => screen.getByRole('button', { name: 'Next page of withdrawals' }) as HTMLButtonElement;
const range = () =>
  screen.getByRole('navigation', { name: 'Pages of withdrawals' }).querySelector('[aria-live="polite"]')?.textContent;

describe('Pager', () => {
  it('shows the range of the first page and disables Previous', () => {
    render(<PagedList total={1234} />);
    expect(range()).toBe('1–50 of 1,234');
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(false);
  });

  it('moves forward and back with the buttons', async () => {
    const user = userEvent.setup();
    render(<PagedList total={1234} />);
    await user.click(next());
    await user.click(next());
    expect(screen.getByTestId('page').textContent).toBe('page 3');
    expect(range()).toBe('101–150 of 1,234');
    await user.click(previous());
    expect(range()).toBe('51–100 of 1,234');
    expect(previous().disabled).toBe(false);
  });

  it('ends the last page at the total and disables Next there', async () => {
    render(<PagedList total={1234} start={25} />);
    expect(range()).toBe('1,201–1,234 of 1,234');
    expect(next().disabled).toBe(true);
    await userEvent.setup().click(next());
    expect(screen.getByTestId('page').textContent).toBe('page 25');
  });

  it('keeps Next open past a capped total, shown with a plus', async () => {
    render(<PagedList total={10000} limit={100} start={100} isTotalCapped />);
    expect(range()).toBe('9,901–10,000 of 10,000+');
    expect(next().disabled).toBe(false);
    await userEvent.setup().click(next());
    expect(screen.getByTestId('page').textContent).toBe('page 101');
  });

  it('shows a single page with both buttons disabled', () => {
    render(<PagedList total={7} />);
    expect(range()).toBe('1–7 of 7');
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(true);
  });

  it('renders nothing for an empty list', () => {
    render(<PagedList total={0} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
