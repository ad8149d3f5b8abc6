import { useSearchParams } from 'react-router-dom';
import { RichFileView } from '../../components/rich-file-view.tsx';

/** /richTextPage?id: one rich-text document (an insurer profile, a notice), its HTML sanitised with DOMPurify. */
export default function RichTextPageScreen() {
  const [query] = useSearchParams();
  return <RichFileView id={query.get('id') ?? ''} fallbackTitle="详情" />;
}
