import { useQuery } from '@tanstack/react-query';
import { getAll } from '../api/client.ts';
import type { Row } from './types.ts';

/** Every record of the collection at `path`, the choices of a link. */
export const useOptions = (path: string) => useQuery({ queryKey: [path], queryFn: () => getAll<Row>(`/${path}`) });
