import { useParams } from 'react-router';
import Dashboard from './Dashboard.tsx';
import ResourceScreen from './ResourceScreen.tsx';
import { SCREENS } from './screens.ts';

/** The screen of the collection whose route is the rest of the address; the dashboard when none is. */
export default function CollectionRoute() {
  const route = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const screen = SCREENS.find((candidate) => candidate.route === route);
  return screen ? <ResourceScreen key={screen.route} screen={screen} /> : <Dashboard />;
}
