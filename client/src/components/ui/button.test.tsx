import { createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button asChild', () => {
  it('forwards the ref to the child element it renders', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button asChild ref={ref}>
        <a href="/browse">Browse</a>
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole('link', { name: 'Browse' }));
  });

  it("keeps the child's own click handler beside the one given to the button", () => {
    const mine = vi.fn();
    const child = vi.fn();
    render(
      <Button asChild onClick={mine}>
        <a href="#top" onClick={child}>
          Top
        </a>
      </Button>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Top' }));
    expect(child).toHaveBeenCalledOnce();
    expect(mine).toHaveBeenCalledOnce();
  });

  it("adds the button's classes to the child's own", () => {
    render(
      <Button asChild size="sm" className="mt-3">
        <a href="/post" className="own">
          Post
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Post' });
    expect(link).toHaveClass('own', 'mt-3', 'min-h-9', 'rounded-full');
  });
});
