import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { NotFoundResult } from '../../../../shared/ui/not-found-result.tsx';

/** Any route the app does not know. */
export default function NotFoundScreen() {
  return (
    <AppPage title="页面不存在">
      <NotFoundResult />
    </AppPage>
  );
}
