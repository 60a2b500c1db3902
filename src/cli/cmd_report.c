/* cmd_report.c: sandtable report — not built yet in this version. */
#include "cli.h"

static int
cmd_report(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_not_built("report");
}

const struct command report_command = {
	"report", cmd_report, "report RULESET -o FILE.pdf",
	"The validation report with plots.\n",
};

int
product_report(const struct ruleset *rs, const char *path, int quiet)
{
	(void)rs;
	(void)path;
	(void)quiet;
	return 1;
}
