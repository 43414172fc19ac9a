import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A section of the home page: its anchor (`id`, the top bar's links), its heading (`<id>-title`, which names the
 * section) and its content in the page's width.
 */
export function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`}>
      <Container size="xl">
        <h2 id={`${id}-title`} className="section-title">
          {title}
        </h2>
        {children}
      </Container>
    </section>
  );
}
