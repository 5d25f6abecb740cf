import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isInertMarkup, SafeHtml } from './safe-html';

describe('SafeHtml', () => {
  it('passes the server’s inert shapes as they are', () => {
    for (const html of [
      'plain text',
      '<span class="username" style="color: #ff0000; background-color: #000">player1</span>',
      '<span class="class-name">Veteran</span>',
      '<b>Red Dragons</b> challenged <b>Northern Wolves</b> &amp; won<br>',
      '<span class="username" style="color: rgb(1, 2, 3)">a&lt;b</span>',
    ]) {
      expect(isInertMarkup(html), html).toBe(true);
    }
  });

  it('sends anything else through DOMPurify', () => {
    for (const html of [
      '<img src=x onerror=alert(1)>',
      '<span onclick="alert(1)">x</span>',
      '<span style="background-image: url(javascript:alert(1))">x</span>',
      '<span class="x" style="color: red" onmouseover="alert(1)">x</span>',
      '<a href="javascript:alert(1)">x</a>',
      '<script>alert(1)</script>',
      '<b>x</b><svg onload=alert(1)>',
      'a & b',
    ]) {
      expect(isInertMarkup(html), html).toBe(false);
    }
  });

  it('renders inert markup at once, and other markup sanitized once DOMPurify is loaded', async () => {
    const { container, rerender } = render(
      <SafeHtml html='<span class="username" style="color: #f00">player1</span>' />,
    );
    expect(container.querySelector('.username')?.textContent).toBe('player1');
    rerender(<SafeHtml html={'<a href="https://example.com">link</a><img src=x onerror="alert(1)">'} />);
    // Text first (nothing runs), then the sanitized link without the image's handler.
    expect(screen.getByText('link')).toBeTruthy();
    await waitFor(() =>
      expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com'),
    );
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });
});
