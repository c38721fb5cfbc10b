import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n';
import { aStarter, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { OriginEditor } from './origin-editor';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('OriginEditor', () => {
  it('names its fields in Spanish and saves the origin', async () => {
    await loadLanguage('es');
    await i18n.changeLanguage('es');
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(aStarter({ originStory: 'De la abuela.', bornYear: 1961 }));
      }),
    );
    renderWithProviders(<OriginEditor starter={aStarter()} />);
    expect(screen.getByRole('group', { name: 'El origen de tu cultivo' })).toBeInTheDocument();
    await userEvent.type(
      screen.getByLabelText('Historia de su origen (opcional)'),
      'De la abuela.',
    );
    await userEvent.type(screen.getByLabelText('Año de nacimiento (opcional)'), '1961');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar el origen' }));
    await vi.waitFor(() =>
      expect(sent).toEqual([{ originStory: 'De la abuela.', bornYear: 1961 }]),
    );
  });

  it('keeps its English names', () => {
    renderWithProviders(<OriginEditor starter={aStarter()} />);
    expect(screen.getByRole('group', { name: 'Your culture’s origin' })).toBeInTheDocument();
    expect(screen.getByLabelText('Year born (optional)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Origin' })).toBeDisabled();
  });
});
