import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { setNavigator } from '../lib/navigation';

/** Hands the router's navigate to lib/navigation so the API client can redirect too. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}
