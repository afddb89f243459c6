/**
 * Monaco is four fifths of the page's JavaScript, so the panes that hold it load on their
 * own: the page paints its shell (toolbar, graph, inspector, status) from the first
 * chunk while the editor arrives, and the download starts at once (main.tsx calls
 * `preloadEditor` before React renders).
 */
import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';

const loadEditorPane = () => import('./editor/EditorPane.tsx');
const loadSmtlibPane = () => import('./proposal/SmtlibPane.tsx');

export function preloadEditor(): void {
  void loadEditorPane();
}

const EditorPaneLazy = lazy(async () => ({ default: (await loadEditorPane()).EditorPane }));
const SmtlibPaneLazy = lazy(async () => ({ default: (await loadSmtlibPane()).SmtlibPane }));

function Loading({ what }: { readonly what: string }) {
  return (
    <div className="pane-loading" role="status">
      Loading the {what}…
    </div>
  );
}

export function LazyEditorPane() {
  return (
    <Suspense fallback={<Loading what="editor" />}>
      <EditorPaneLazy />
    </Suspense>
  );
}

export function LazySmtlibPane(props: ComponentProps<typeof SmtlibPaneLazy>) {
  return (
    <Suspense fallback={<Loading what="SMT-LIB2 view" />}>
      <SmtlibPaneLazy {...props} />
    </Suspense>
  );
}
