import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { englishI18n } from '../test-support/render-app.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

function renderFailingRoute(fail: () => never) {
  const router = createMemoryRouter([
    { path: '/', errorElement: <RouteErrorPage />, loader: fail, element: null },
  ]);
  render(
    <I18nextProvider i18n={englishI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('RouteErrorPage', () => {
  it("shows the router's default heading, translated, when a route fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingRoute(() => {
      throw new Error('chunk failed to load');
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('shows the 404 page for a 404 thrown by a route', async () => {
    renderFailingRoute(() => {
      throw new Response('gone', { status: 404 });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
