// Breadcrumb trail: links for the ancestors, the current page last (aria-current).
// WAI-ARIA Authoring Practices > Breadcrumb.
import { Link } from "react-router";

export type Crumb = { label: string; href?: string };

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Omrvinková navigácia" className="breadcrumbs">
      <ol>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.label}`}>
              {last || !item.href ? <span aria-current={last ? "page" : undefined}>{item.label}</span> : <Link to={item.href}>{item.label}</Link>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
