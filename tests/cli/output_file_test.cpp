// Output files (output_file.hpp): a symbolic link is written through, a FIFO or a character
// device in place and never replaced, a directory, socket or block device refused, a regular
// file replaced whole; and the check a long run makes before its first game.
//
// Device nodes are made inside the test's directory (when the process may make them), never
// written under /dev: a mistake in the code would replace the test's node, not the machine's.

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "../support/file_text.hpp"
#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"
#include "output_file.hpp"

namespace balance::cli {
namespace {

namespace fs = std::filesystem;
using balance::testing::TempDir;

bool fifo_node(const fs::path& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

bool char_device_node(const fs::path& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 && S_ISCHR(st.st_mode);
}

// Only the names the directory holds: no temporary file left beside the target.
std::size_t entries(const fs::path& dir) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
    return n;
}

TEST(OutputFile, RegularFileIsReplacedWholeAndItsDirectoryMade) {
    TempDir dir;
    const auto file = dir.path() / "a" / "b" / "report.md";
    ASSERT_TRUE(check_output_path(file.string()));
    EXPECT_FALSE(fs::exists(dir.path() / "a"));  // the check creates nothing
    ASSERT_TRUE(write_text_file(file.string(), "first\n"));
    ASSERT_TRUE(write_text_file(file.string(), "second\n"));
    EXPECT_EQ(balance::testing::file_text(file), "second\n");
    EXPECT_EQ(entries(file.parent_path()), 1U);
}

TEST(OutputFile, SymbolicLinkIsWrittenThroughAndStays) {
    TempDir dir;
    const auto target = dir.write("target.html", "old");
    const auto link = dir.path() / "link.html";
    fs::create_symlink("target.html", link);  // relative, as links usually are
    ASSERT_TRUE(check_output_path(link.string()));
    auto written = write_text_file(link.string(), "new");
    ASSERT_TRUE(written) << written.error().to_string();
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(balance::testing::file_text(target), "new");
    EXPECT_EQ(entries(dir.path()), 2U);

    // A link to a file not there yet: the file is created where it points.
    const auto dangling = dir.path() / "later.html";
    fs::create_symlink(dir.path() / "sub" / "made.html", dangling);
    ASSERT_TRUE(write_text_file(dangling.string(), "made"));
    EXPECT_TRUE(fs::is_symlink(dangling));
    EXPECT_EQ(balance::testing::file_text(dir.path() / "sub" / "made.html"), "made");

    // A loop is named, not followed for ever.
    fs::create_symlink("loop-b", dir.path() / "loop-a");
    fs::create_symlink("loop-a", dir.path() / "loop-b");
    auto loop = write_text_file((dir.path() / "loop-a").string(), "x");
    ASSERT_FALSE(loop);
    EXPECT_NE(loop.error().message.find("too many levels of symbolic links"), std::string::npos);
}

TEST(OutputFile, DirectoryIsRefusedByName) {
    TempDir dir;
    const std::string path = dir.path().string();
    for (const auto& result : {check_output_path(path), write_text_file(path, "x")}) {
        ASSERT_FALSE(result);
        EXPECT_EQ(result.error().to_string(),
                  path + ": is a directory: give the output file's name");
    }
    EXPECT_TRUE(fs::is_directory(dir.path()));
}

TEST(OutputFile, FifoIsWrittenInPlaceAndNeverWaitedOnWithoutAReader) {
    TempDir dir;
    const auto fifo = dir.path() / "pipe";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
    ASSERT_TRUE(check_output_path(fifo.string()));
    // No reader: refused at once (opened non-blocking), the FIFO left as it is.
    auto alone = write_text_file(fifo.string(), "lost");
    ASSERT_FALSE(alone);
    EXPECT_NE(alone.error().message.find("is a FIFO that no process is reading"), std::string::npos)
        << alone.error().to_string();
    EXPECT_TRUE(fifo_node(fifo));
    // With a reader: the text goes down the FIFO, which stays one.
    const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0) << std::strerror(errno);
    auto written = write_text_file(fifo.string(), "through the pipe\n");
    ASSERT_TRUE(written) << written.error().to_string();
    char buffer[64] = {};
    const ssize_t n = ::read(reader, buffer, sizeof buffer);
    ::close(reader);
    EXPECT_EQ(std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0), "through the pipe\n");
    EXPECT_TRUE(fifo_node(fifo));
    EXPECT_EQ(entries(dir.path()), 1U);
}

TEST(OutputFile, CharacterDevicesAreWrittenInPlaceNeverReplaced) {
    // Classified from its metadata alone: nothing is opened.
    auto null = output_target("/dev/null");
    ASSERT_TRUE(null) << null.error().to_string();
    EXPECT_EQ(null->kind, OutputKind::InPlace);

    // Written: nodes of the same devices made in the test's directory (root, or CAP_MKNOD).
    TempDir dir;
    const auto sink = dir.path() / "null";
    const auto full = dir.path() / "full";
    if (::mknod(sink.c_str(), S_IFCHR | 0600, ::makedev(1, 3)) != 0 ||
        ::mknod(full.c_str(), S_IFCHR | 0600, ::makedev(1, 7)) != 0)
        GTEST_SKIP() << "cannot make device nodes here: " << std::strerror(errno);
    auto written = write_text_file(sink.string(), "discarded");
    EXPECT_TRUE(written) << written.error().to_string();
    EXPECT_TRUE(char_device_node(sink));
    // The full device: the write fails with the system's reason, the node stays a device.
    auto refused = write_text_file(full.string(), "no room");
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("No space left on device"), std::string::npos)
        << refused.error().to_string();
    EXPECT_TRUE(char_device_node(full));
    EXPECT_EQ(entries(dir.path()), 2U);
}

TEST(OutputFile, SocketIsRefused) {
    TempDir dir;
    const auto path = dir.path() / "s";
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        ::close(fd);
        GTEST_SKIP() << "cannot bind a socket here: " << std::strerror(errno);
    }
    auto refused = check_output_path(path.string());
    ::close(fd);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("is a socket, not a file"), std::string::npos);
}

TEST(OutputFile, CheckNamesAParentThatIsNotADirectory) {
    TempDir dir;
    dir.write("notes.txt", "text");
    const std::string below = (dir.path() / "notes.txt" / "out.html").string();
    auto refused = check_output_path(below);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().where, below);
    EXPECT_NE(refused.error().message.find("Not a directory"), std::string::npos);
}

// `--json` into a closed standard output: nothing arrived, so the command fails and says so.
TEST(OutputFile, ClosedStandardOutputIsAFailure) {
    TempDir dir;
    const auto err = dir.path() / "err.txt";
    const std::string command = std::string("sh -c 'exec ") + BALANCE_BINARY_DIR +
                                "/app/balance variants --json >&- 2>" + err.string() + "'";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_NE(WEXITSTATUS(status), 0);
    EXPECT_NE(
        balance::testing::file_text(err).find("cannot write the output (standard output is closed"),
        std::string::npos)
        << balance::testing::file_text(err);
}

}  // namespace
}  // namespace balance::cli
