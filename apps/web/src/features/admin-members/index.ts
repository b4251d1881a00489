export { MembersSearch } from './components/members-search';
export { MemberPage } from './components/member-page';
