#include "output.hpp"

namespace balance::cli {

using analysis::Json;

int report_error(AppContext& ctx, const Error& error) {
    ctx.err << "balance: error: " << error.to_string() << '\n';
    return 1;
}

void print_json(AppContext& ctx, const Json& object) {
    ctx.out << object.dump(2) << '\n';
}

}  // namespace balance::cli
