/** What the group endpoints answer (as /api/docs describes them). */
export interface GroupEntry {
  gid: string;
  name: string;
  owner: string;
  avatar: string;
  desc: string;
  joinMode: 'open' | 'review';
  memberCount: number;
  role?: 'owner' | 'admin' | 'member';
  remark?: string;
  announce?: string;
  joined?: boolean;
}
export interface Invitation {
  id: number;
  gid: string;
  groupName: string;
  inviter: string;
  invitee: string;
  created: number;
  status: string;
  awaiting: 'manager' | 'invitee' | null;
}
