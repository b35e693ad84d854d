import { useId, useState } from 'react';
import type { FaqItem } from '@comptoir/contracts';

/**
 * Questions as buttons that show or hide their answer (disclosure pattern: `aria-expanded`,
 * `aria-controls`); several answers may be open at once. With `categoryOf`, each question says
 * its category (search results mix them).
 */
export function FaqItemList({
  items,
  label,
  categoryOf,
}: {
  items: readonly FaqItem[];
  label: string;
  categoryOf?: (item: FaqItem) => string;
}) {
  const baseId = useId();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());

  function handleToggle(id: string) {
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <ul className="faq-list" aria-label={label}>
      {items.map((item) => {
        const isOpen = openIds.has(item.id);
        const answerId = `${baseId}-${item.id}`;
        return (
          <li key={item.id} className={isOpen ? 'faq-item is-open' : 'faq-item'}>
            <h3 className="faq-question">
              <button
                type="button"
                className="faq-toggle"
                aria-expanded={isOpen}
                aria-controls={answerId}
                onClick={() => handleToggle(item.id)}
              >
                <span className="faq-question-text">
                  {categoryOf ? <span className="faq-item-category">{categoryOf(item)}</span> : null}
                  <span>{item.trigger}</span>
                </span>
                <span className="faq-chevron" aria-hidden="true" />
              </button>
            </h3>
            <div id={answerId} className="faq-answer" hidden={!isOpen}>
              {item.content.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
