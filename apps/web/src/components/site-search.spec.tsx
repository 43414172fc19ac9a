import { render, screen } from '@testing-library/react';
import { SiteSearch } from './site-search';

describe('the top bar’s search', () => {
  it('is a labelled GET form to /search with the query as q, which the browser submits without the app', () => {
    render(<SiteSearch />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('data-no-app');
    const field = screen.getByRole('searchbox', { name: 'Search' });
    expect(field).toHaveAttribute('name', 'q');
    expect(field).toHaveAttribute('type', 'search');
    expect(field).toHaveAttribute('placeholder', 'Search videos');
    expect(field).toBeRequired();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  });
});
