import { toast } from 'react-toastify';

/** Toast helpers, so features show messages one way (the container sits in the app layout). */
export const notify = {
  success: (message: string) => toast.success(message),
  info: (message: string) => toast.info(message),
  error: (message: string) => toast.error(message),
};
