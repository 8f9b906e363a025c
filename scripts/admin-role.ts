// npm run admin:grant -- <mobile> / npm run admin:revoke -- <mobile>: gives or takes the back-office
// role of an existing account (grant: OWNER, issue 41), in the database the server uses (DATABASE_URL; default the embedded
// PGlite files under .data/pglite; stop the server first when using those: one process at a time).
import { isValidMobile, lastTenDigits } from '@spice/shared/validators';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createAccountsService } from '../apps/server/src/modules/accounts/service.ts';

const [action, raw] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !raw) {
  console.error('Usage: npm run admin:grant -- <mobile>   or   npm run admin:revoke -- <mobile>');
  process.exit(2);
}
const mobile = lastTenDigits(raw);
if (!isValidMobile(mobile)) {
  console.error(`"${raw}" is not a 10-digit Indian mobile number.`);
  process.exit(2);
}

const database = await openDatabase(process.env.DATABASE_URL ?? '');
try {
  await database.migrate();
  const user = await createAccountsService(database.db).setRole(
    mobile,
    action === 'grant' ? 'OWNER' : 'customer',
  );
  if (!user) {
    console.error(
      `No account with mobile ${mobile}. The person must sign up in the shop first (log in with that number), then run this again.`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      action === 'grant'
        ? `${user.firstName} (${mobile}) is now an owner (OWNER): log in at /admin with this number.`
        : `${user.firstName} (${mobile}) is no longer on the store team.`,
    );
  }
} finally {
  await database.close();
}
