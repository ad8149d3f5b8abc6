import { RichFileView } from '../../components/rich-file-view.tsx';

/** /insureSvcProfile: the insurance-service profile, with the current market's service desk. */
export default function InsureSvcProfileScreen() {
  return <RichFileView id="insure-service" fallbackTitle="投保服务介绍" withContact />;
}
