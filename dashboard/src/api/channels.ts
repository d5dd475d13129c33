/**
 * Channels (docs/api.md#channels-key-authenticated; publishers and owners), on /api/v1 with the session:
 * the list, adding one (a webhook's signing secret answered once), test / disable / enable / delete,
 * and each channel's delivery log (asked again every 2 s while a delivery is pending) with its retry.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Channel, ChannelType, CreatedChannel, Delivery } from '../types.ts';
import { segment, v1 } from './client.ts';

const channelsKey = (slug: string) => ['channels', slug] as const;
const deliveriesKey = (slug: string, channelId: string) => ['deliveries', slug, channelId] as const;
const channelPath = (id: string, tail = '') => `/channels/${segment(id)}${tail}`;

/** GET /api/v1/channels; asked only when `enabled`. */
export const useChannels = (slug: string, enabled: boolean) =>
  useQuery({
    queryKey: channelsKey(slug),
    queryFn: () => v1<{ channels: Channel[] }>(slug, '/channels'),
    enabled,
  });

export type NewChannel = { type: ChannelType; url: string; visibility: Channel['visibility']; name?: string };

/** POST /api/v1/channels. */
export function useAddChannel(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewChannel) =>
      v1<{ channel: CreatedChannel }>(slug, '/channels', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: channelsKey(slug) }),
  });
}

export type ChannelChange = { channel: Channel; what: 'test' | 'disable' | 'enable' | 'delete' };

/** Send a test, disable, enable or delete; the list and the channel's deliveries are asked for again. */
export function useChangeChannel(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ChannelChange) => {
      const path = channelPath(change.channel.id);
      if (change.what === 'test') await v1(slug, `${path}/test`, { method: 'POST' });
      else if (change.what === 'delete') await v1(slug, path, { method: 'DELETE' });
      else await v1(slug, path, { method: 'PATCH', body: { enabled: change.what === 'enable' } });
      return change;
    },
    onSuccess: async ({ channel }) => {
      await client.invalidateQueries({ queryKey: channelsKey(slug) });
      await client.invalidateQueries({ queryKey: deliveriesKey(slug, channel.id) });
    },
  });
}

/** GET /api/v1/channels/{id}/deliveries. */
export const useDeliveries = (slug: string, channelId: string) =>
  useQuery({
    queryKey: deliveriesKey(slug, channelId),
    queryFn: () => v1<{ deliveries: Delivery[] }>(slug, channelPath(channelId, '/deliveries')),
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false),
  });

/** POST /api/v1/channels/{id}/deliveries/{deliveryId}/retry: a failed delivery tries again. */
export function useRetryDelivery(slug: string, channelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      v1(slug, channelPath(channelId, `/deliveries/${segment(id)}/retry`), { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: deliveriesKey(slug, channelId) }),
  });
}
