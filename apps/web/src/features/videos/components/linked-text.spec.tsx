import { render, screen } from '@testing-library/react';
import { LinkedText, splitLinks } from './linked-text';

describe('a description with safe links', () => {
  it('links http(s) addresses only, without trailing punctuation', () => {
    expect(splitLinks('Code: https://github.com/x/y. Slides (https://example.com/s?a=1&b=2), done!')).toEqual(
      [
        { text: 'Code: ' },
        { text: 'https://github.com/x/y', href: 'https://github.com/x/y' },
        { text: '. Slides (' },
        { text: 'https://example.com/s?a=1&b=2', href: 'https://example.com/s?a=1&b=2' },
        { text: '), done!' },
      ],
    );
    expect(splitLinks('javascript:alert(1) data:text/html,<b>x</b> ftp://a.b www.example.com')).toEqual([
      { text: 'javascript:alert(1) data:text/html,<b>x</b> ftp://a.b www.example.com' },
    ]);
  });

  it('renders text as text and links that open in a new tab without weight or referrer', () => {
    const { container } = render(
      <p>
        <LinkedText text={'<img src=x onerror=alert(1)>\nhttps://example.com/"onmouseover="x'} />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', 'https://example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'ugc nofollow noopener noreferrer');
  });

  it('counts clicks on a deal’s sponsor link (http or https, www or not, trailing slash or not), no other link', () => {
    const text =
      'Thanks http://www.acme.example/desk/?ref=chan and https://acme.example/desk?ref=other https://x.example';
    render(
      <p>
        <LinkedText
          text={text}
          sponsorLinks={[{ sponsorId: '7', url: 'https://acme.example/desk?ref=chan' }]}
        />
      </p>,
    );
    const [sponsor, other, unrelated] = screen.getAllByRole('link');
    expect(JSON.parse(sponsor.getAttribute('data-track')!)).toEqual({
      kind: 'sponsor_click',
      sponsorId: '7',
    });
    expect(other).not.toHaveAttribute('data-track');
    expect(unrelated).not.toHaveAttribute('data-track');
    expect(sponsor).toHaveAttribute('rel', 'ugc nofollow noopener noreferrer');
  });
});
