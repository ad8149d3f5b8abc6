import { AppPage } from '../../components/app-page.tsx';
import { NotFoundResult } from '../../components/not-found-result.tsx';

/** Any route the app does not know. */
export default function NotFoundScreen() {
  return (
    <AppPage title="页面不存在">
      <NotFoundResult />
    </AppPage>
  );
}
