import { useSearchParams } from 'react-router-dom';
import { MarketHomeView } from '../market-home/market-home-screen.tsx';

/**
 * /market2Share?id (kept alive, clears the stored form): the landing of a
 * shared market link. Shows the market's home; an online market becomes the
 * visitor's current market, an offline one asks the spec's question.
 */
export default function MarketShareScreen() {
  const [query] = useSearchParams();
  return <MarketHomeView id={query.get('id') ?? ''} />;
}
