import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { Counter, UNKNOWN_TOTAL, UNKNOWN_TOTAL_HINT } from './content-tab';

describe('the content tab’s counters', () => {
  it('say Unknown for a total the feed does not state (null), never 0 (issue 24)', () => {
    renderWithProviders(<Counter label="Total Views" value={null} testId="counter-views" />);
    expect(screen.getByTestId('counter-views')).toHaveTextContent(UNKNOWN_TOTAL);
    expect(screen.getByTestId('counter-views-hint')).toHaveTextContent(UNKNOWN_TOTAL_HINT);
    expect(screen.queryByText(/^0$/)).toBeNull();
  });

  it('show a real 0 and any other count as the number', () => {
    renderWithProviders(
      <>
        <Counter label="Total Views" value={0} testId="counter-views" />
        <Counter label="Total Videos" value={1234567} testId="counter-videos" />
      </>,
    );
    expect(screen.getByTestId('counter-views')).toHaveTextContent(/^0$/);
    expect(screen.getByTestId('counter-videos')).toHaveTextContent('1,234,567');
    expect(screen.queryByTestId('counter-views-hint')).toBeNull();
  });
});
