/** WarShard's rules on the page (engine-rules.ts), filled at the viewer's first touch; index.tsx says where they are. */
import { rulesSlot } from "../../components/rulesSlot";

export const rules = rulesSlot();
