/** DOM helpers for the generated list: what a user reads off the table and how they pick options. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ResourceDef } from '../../../src/framework/declaration';
import { renderConsole } from './harness';

export type User = ReturnType<typeof userEvent.setup>;

export const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
export const rows = () => [...document.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row')];
export const cells = (row: HTMLTableRowElement) => [...row.cells].map((td) => td.textContent?.trim());
export const searchForm = () => screen.getByRole('search');

/** The table has stopped loading (its spinner blocks clicks). */
export const settled = () => waitFor(() => expect(document.querySelector('.ant-table-wrapper .ant-spin-spinning')).toBeNull());

/** Renders a list and waits for a text of its first page. */
export async function openList(p: { defs: Record<string, ResourceDef>; url: string; role: string | null; waitFor: string }) {
  const user = userEvent.setup({ delay: null });
  renderConsole(p);
  await screen.findByText(p.waitFor);
  return user;
}

/** Opens an antd Select and clicks the option with that text. */
export async function choose(user: User, combobox: HTMLElement, text: string) {
  await user.click(combobox);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (o) => o.textContent === text,
    );
    if (!found) throw new Error(`no option ${text}`);
    return found as HTMLElement;
  });
  await user.click(option);
}
