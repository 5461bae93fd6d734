# Administration → Migrations (src/web/moves.rs; docs/migration.md §The report under Verwaltung)

moves-nav = Migrations
moves-title = Migrations from and to the Pensenmanager
moves-intro = Every move from the Pensenmanager and every move back to it, dry runs and refused ones included, with its report. Read the reconciliation of the balances before you switch.
moves-none = There has been no migration yet. It is started on the server with “schoolplan import --from-pensenmanager”; ask your IT staff.
moves-when = Time
moves-direction = Direction
moves-outcome = Outcome
moves-database = Database
moves-import = Move from the Pensenmanager
moves-export = Move back to the Pensenmanager
moves-written = written
moves-refused = refused, nothing written
moves-dry-run = dry run, nothing written
moves-back = Back to the migrations
moves-source-version = Source
moves-refusals = Refused
moves-refusals-intro = These rows prevent the move. Correct them in the Pensenmanager and start the move again; nothing was written.
moves-rows = Rows
moves-reconciliation = Reconciliation of the stored balances
moves-reconciliation-intro = Per school year: the closing balance the Pensenmanager stored for each employment against the one schoolplan computes, and opening balances that differ from the previous year's closing balance. Only the differences are shown.
moves-no-reconciliation = No reconciliation: only a move that got as far as writing has one.
moves-year-locked = locked
moves-year-open = open
moves-year-summary = { $year } ({ $state }): { $agreeing } of { $compared } closing balances agree to 4 places; { $count ->
    [one] 1 opening balance differs
   *[other] { $count } opening balances differ
} from the previous year.
moves-teacher = Teacher
moves-stored-closing = Closing balance stored (%)
moves-computed-closing = Closing balance computed (%)
moves-difference = Difference (%)
moves-opening-differs = { $teacher }: opening balance { $opening } ≠ closing balance { $closing } in { $year }
moves-tables = Tables
moves-table = Table
moves-read = read
moves-written-rows = written
moves-changes = Changed values ({ $count })
moves-no-changes = No value had to be changed.
moves-row = Row
moves-column = Column
moves-old = before
moves-new = after
moves-rule = Rule
moves-not-taken = (not taken)
