/*
 * The contained runner for native programs (a C++ binary, python3, pypy3, g++ itself).
 *
 * Started by the judge (server/sandbox/native/box.ts) as root, once per sandbox. It sets up once:
 * new mount, pid, network, IPC and UTS namespaces; a private root holding only the runtime
 * read-only (/usr, /lib*, /bin, /sbin, a few /etc files), a fresh /proc of its own pid namespace,
 * the given binds (the program read-only, a compiler's work dir read-write); then it stays up as
 * the namespace's init and runs each request by fork + exec: on cgroup v1 the fork is made by the
 * init's forker thread, already in the run's cgroups (so the child starts in them), on v2 the
 * child joins them itself. The child
 * sets resource limits, drops to the unprivileged user with no-new-privs and a seccomp deny-list,
 * and execs. After the run every process of the namespace is killed (kill(-1) from its init) and
 * reaped, so nothing is left running; the facts of the run (exit status, CPU time, peak memory,
 * out-of-memory kills, output sizes, which limit stopped it) go back to the judge, which decides
 * the verdict.
 *
 * The wire (stdin: requests, stdout: answers; every line ends in \n, every string in NUL):
 *   judge -> box   RUN <id> <cpu_ms> <cpu_backstop_s> <wall_ms> <mem_kb> <fsize> <out_bytes> <procs> <live> <argc> <envc>\n
 *                  then cwd, argv..., env... each NUL-terminated
 *                  IN <id> <len>\n<bytes>      live input       EOF <id>\n     end of live input
 *                  THEIRS <id> <ms>\n           interactor's computing time so far (not the program's wall)
 *                  KILL <id>\n                  stop the run now
 *   box -> judge   READY\n | FAIL <text>\n      after setup
 *                  OUT <id> <len>\n<bytes>     live output
 *                  DONE <id> key=value ...\n   the run's facts     ERR <id> <text>\n  the runner failed
 * Files are in the io directory the judge gave: in-<id> (written by the judge; live runs have a
 * pipe instead), out-<id> (a live run's output comes as OUT frames), err-<id>.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <grp.h>
#include <pthread.h>
#include <sys/eventfd.h>

#define NOBODY 65534
#define MAX_BINDS 32
#define MAX_FRAME (8 << 20)
#define MAX_STRINGS 4096
#define TICK_MS 5

static void die(const char *what) {
  printf("FAIL %s: %s\n", what, strerror(errno));
  fflush(stdout);
  _exit(1);
}

/* ---------- setup ---------- */

struct bind { const char *host, *box; int rw; };
static struct bind binds[MAX_BINDS];
static int nbinds;
static const char *io_dir, *cg_mem, *cg_pids, *cg_cpu, *cg2;
static long tmp_mb = 64;
/* A work directory (a compiler's, a checker's feedback): the box works in a tmpfs of work_mb at
   /box, filled from the host directory before and copied back after the run, so what a command
   writes is bounded by that size and never fills the judge's disk. */
static const char *work_host;
static long work_mb = 64;
static int work_host_fd = -1;
static void work_copy_in(const char *root);

static int io_fd = -1;
/* cgroup files, opened before the root is changed (fds stay valid after) */
static int procs_fd[4] = {-1, -1, -1, -1};
static int nprocs_fd;
static int mem_peak_fd = -1, mem_oom_fd = -1, cpu_usage_fd = -1, cpu_stat_fd = -1, mem_events_fd = -1;

static void mkdirs(const char *path, mode_t mode) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *p = buf + 1; *p; p++) {
    if (*p == '/') {
      *p = 0;
      mkdir(buf, mode);
      *p = '/';
    }
  }
  mkdir(buf, mode);
}

static void bind_into(const char *root, const char *host, const char *box, int rw, int dev) {
  char dst[4096];
  struct stat st;
  snprintf(dst, sizeof dst, "%s%s", root, box);
  if (stat(host, &st) != 0) die(host);
  if (S_ISDIR(st.st_mode)) mkdirs(dst, 0755);
  else {
    char parent[4096];
    snprintf(parent, sizeof parent, "%s", dst);
    *strrchr(parent, '/') = 0;
    mkdirs(parent, 0755);
    int fd = open(dst, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) die(dst);
    close(fd);
  }
  if (mount(host, dst, NULL, MS_BIND | MS_REC, NULL) != 0) die(host);
  unsigned long flags = MS_REMOUNT | MS_BIND | MS_NOSUID | (dev ? 0 : MS_NODEV) | (rw ? 0 : MS_RDONLY);
  if (mount(NULL, dst, NULL, flags, NULL) != 0) die(dst);
}

/* /usr, /lib…: a symlink stays a symlink (merged /usr), a directory is bound read-only. */
static void runtime_into(const char *root, const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0) return;
  if (S_ISLNK(st.st_mode)) {
    char target[4096], dst[4096];
    ssize_t n = readlink(path, target, sizeof target - 1);
    if (n < 0) die(path);
    target[n] = 0;
    snprintf(dst, sizeof dst, "%s%s", root, path);
    if (symlink(target, dst) != 0) die(dst);
  } else if (S_ISDIR(st.st_mode)) {
    bind_into(root, path, path, 0, 0);
  }
}

static void write_file(const char *root, const char *path, const char *text) {
  char dst[4096];
  snprintf(dst, sizeof dst, "%s%s", root, path);
  int fd = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) die(dst);
  close(fd);
}

/* A copy of a host file (ld.so.cache and the like), if it is there and small. */
static void copy_file(const char *root, const char *path) {
  char dst[4096];
  int in = open(path, O_RDONLY | O_CLOEXEC);
  if (in < 0) return;
  snprintf(dst, sizeof dst, "%s%s", root, path);
  int out = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0) die(dst);
  char buf[65536];
  ssize_t n;
  long total = 0;
  while ((n = read(in, buf, sizeof buf)) > 0 && (total += n) < (16 << 20))
    if (write(out, buf, n) != n) die(dst);
  close(in);
  close(out);
}

/* /etc/alternatives holds the symlinks behind cc, c++, …: copied as symlinks. */
static void copy_alternatives(const char *root) {
  DIR *d = opendir("/etc/alternatives");
  if (!d) return;
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/etc/alternatives", root);
  mkdir(dir, 0755);
  struct dirent *e;
  while ((e = readdir(d))) {
    char src[4096], dst[4096], target[4096];
    snprintf(src, sizeof src, "/etc/alternatives/%s", e->d_name);
    ssize_t n = readlink(src, target, sizeof target - 1);
    if (n < 0) continue;
    target[n] = 0;
    snprintf(dst, sizeof dst, "%s/%s", dir, e->d_name);
    if (symlink(target, dst) != 0) die(dst);
  }
  closedir(d);
}

static int open_cg(const char *dir, const char *file, int flags) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  return open(path, flags | O_CLOEXEC);
}

/* One of the run's groups, read to see it empty (any will do: every process of a run joins all). */
static int members_fd = -1;
/* v1's per-thread membership files, for the forker thread; 0 of them: no forker. */
static int tasks_fd[3] = {-1, -1, -1};
static int ntasks_fd;

static void open_cgroups(void) {
  const char *any = cg_mem ? cg_mem : cg2 ? cg2 : cg_pids ? cg_pids : cg_cpu;
  if (any) members_fd = open_cg(any, "cgroup.procs", O_RDONLY);
  if (cg_mem) {
    if ((procs_fd[nprocs_fd++] = open_cg(cg_mem, "cgroup.procs", O_WRONLY)) < 0) die("memory cgroup");
    mem_peak_fd = open_cg(cg_mem, "memory.max_usage_in_bytes", O_RDWR);
    mem_oom_fd = open_cg(cg_mem, "memory.oom_control", O_RDONLY);
  }
  if (cg_pids && (procs_fd[nprocs_fd++] = open_cg(cg_pids, "cgroup.procs", O_WRONLY)) < 0) die("pids cgroup");
  if (cg_cpu) {
    if ((procs_fd[nprocs_fd++] = open_cg(cg_cpu, "cgroup.procs", O_WRONLY)) < 0) die("cpuacct cgroup");
    cpu_usage_fd = open_cg(cg_cpu, "cpuacct.usage", O_RDWR);
  }
  /* v1: the forker thread (below) joins by the tasks files, and is one more task in the pids group. */
  if (!cg2 && nprocs_fd > 0) {
    const char *dirs[] = {cg_mem, cg_pids, cg_cpu};
    for (int i = 0; i < 3; i++)
      if (dirs[i] && (tasks_fd[ntasks_fd++] = open_cg(dirs[i], "tasks", O_WRONLY)) < 0) ntasks_fd = -100;
    if (cg_pids && ntasks_fd > 0) {
      int fd = open_cg(cg_pids, "pids.max", O_RDWR);
      char b[32];
      ssize_t n = fd < 0 ? -1 : pread(fd, b, sizeof b - 1, 0);
      if (n > 0 && b[0] != 'm') {
        b[n] = 0;
        int len = snprintf(b, sizeof b, "%lld", strtoll(b, NULL, 10) + 1);
        if (pwrite(fd, b, len, 0) != len) ntasks_fd = -100;
      }
      if (fd >= 0) close(fd);
    }
    if (ntasks_fd < 0) ntasks_fd = 0;
  }
  if (cg2) {
    if ((procs_fd[nprocs_fd++] = open_cg(cg2, "cgroup.procs", O_WRONLY)) < 0) die("cgroup");
    mem_peak_fd = open_cg(cg2, "memory.peak", O_RDWR);
    mem_events_fd = open_cg(cg2, "memory.events", O_RDONLY);
    cpu_stat_fd = open_cg(cg2, "cpu.stat", O_RDONLY);
  }
}

static void setup_root(void) {
  char root[4096];
  snprintf(root, sizeof root, "%s/root", io_dir);
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) die("private mounts");
  if (mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=16m,mode=0755") != 0) die("root tmpfs");
  const char *runtime[] = {"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"};
  for (size_t i = 0; i < sizeof runtime / sizeof *runtime; i++) runtime_into(root, runtime[i]);
  char p[4096];
  snprintf(p, sizeof p, "%s/etc", root);
  mkdir(p, 0755);
  const char *etc[] = {"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime", "/etc/nsswitch.conf"};
  for (size_t i = 0; i < sizeof etc / sizeof *etc; i++) copy_file(root, etc[i]);
  copy_alternatives(root);
  /* The box's own users and host name: nothing of the machine's. */
  write_file(root, "/etc/passwd", "root:x:0:0:root:/:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/tmp:/usr/sbin/nologin\n");
  write_file(root, "/etc/group", "root:x:0:\nnogroup:x:65534:\n");
  write_file(root, "/etc/hosts", "127.0.0.1 localhost\n");
  write_file(root, "/etc/hostname", "sandbox\n");
  snprintf(p, sizeof p, "%s/dev", root);
  mkdir(p, 0755);
  const char *devs[] = {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"};
  for (size_t i = 0; i < sizeof devs / sizeof *devs; i++) bind_into(root, devs[i], devs[i], 1, 1);
  const char *links[][2] = {{"/proc/self/fd", "/dev/fd"}, {"/proc/self/fd/0", "/dev/stdin"}, {"/proc/self/fd/1", "/dev/stdout"}, {"/proc/self/fd/2", "/dev/stderr"}};
  for (size_t i = 0; i < sizeof links / sizeof *links; i++) {
    snprintf(p, sizeof p, "%s%s", root, links[i][1]);
    if (symlink(links[i][0], p) != 0) die(p);
  }
  snprintf(p, sizeof p, "%s/proc", root);
  mkdir(p, 0555);
  /* hidepid: the box's user sees only its own processes (not the init, which runs as root). */
  if (mount("proc", p, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=2") != 0 && mount("proc", p, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) die("proc");
  snprintf(p, sizeof p, "%s/tmp", root);
  mkdir(p, 01777);
  if (work_host) work_copy_in(root);
  for (int i = 0; i < nbinds; i++) bind_into(root, binds[i].host, binds[i].box, binds[i].rw, 0);
  if (chdir(root) != 0) die("chdir root");
  if (syscall(SYS_pivot_root, ".", ".") != 0) die("pivot_root");
  if (umount2(".", MNT_DETACH) != 0) die("detach old root");
  if (chdir("/") != 0) die("chdir /");
  if (mount(NULL, "/", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) != 0) die("read-only root");
  if (sethostname("sandbox", 7) != 0) die("hostname");
}

/* ---------- the work directory: copied in, worked on in a tmpfs, copied out ---------- */

#define WORK_DEPTH 8
#define WORK_ENTRIES 10000

static int work_entries;

/* Copies a regular file between two directory fds (never following a symlink); 0 on success. */
static int copy_at(int from_dir, const char *name, int to_dir, mode_t mode, uid_t uid) {
  int in = openat(from_dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (in < 0) return -1;
  struct stat st;
  if (fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) return close(in), -1;
  unlinkat(to_dir, name, 0);
  int out = openat(to_dir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode & 0755);
  if (out < 0) return close(in), -1;
  char buf[65536];
  ssize_t n;
  int ok = 0;
  while ((n = read(in, buf, sizeof buf)) > 0)
    if (write(out, buf, n) != n) { ok = -1; break; }
  if (n < 0) ok = -1;
  if (uid != (uid_t)-1 && fchown(out, uid, uid) != 0) ok = -1;
  close(in);
  close(out);
  return ok;
}

/* Copies a tree of regular files and directories (symlinks and the rest are left out), bounded. */
static int copy_tree(int from_dir, int to_dir, int depth, uid_t uid) {
  DIR *d = fdopendir(dup(from_dir));
  if (!d) return -1;
  int ok = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    if (++work_entries > WORK_ENTRIES) { ok = -1; break; }
    struct stat st;
    if (fstatat(from_dir, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (S_ISREG(st.st_mode)) {
      if (copy_at(from_dir, e->d_name, to_dir, st.st_mode, uid) != 0) ok = -1;
    } else if (S_ISDIR(st.st_mode) && depth < WORK_DEPTH) {
      mkdirat(to_dir, e->d_name, 0755);
      if (uid != (uid_t)-1) fchownat(to_dir, e->d_name, uid, uid, AT_SYMLINK_NOFOLLOW);
      int sub_from = openat(from_dir, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      int sub_to = openat(to_dir, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub_from < 0 || sub_to < 0 || copy_tree(sub_from, sub_to, depth + 1, uid) != 0) ok = -1;
      if (sub_from >= 0) close(sub_from);
      if (sub_to >= 0) close(sub_to);
    }
  }
  closedir(d);
  return ok;
}

static void work_copy_in(const char *root) {
  char dst[4096], opts[64];
  snprintf(dst, sizeof dst, "%s/box", root);
  mkdir(dst, 0755);
  snprintf(opts, sizeof opts, "size=%ldm,mode=0755,nr_inodes=%d", work_mb, WORK_ENTRIES);
  if (mount("tmpfs", dst, "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0) die("work tmpfs");
  if (chown(dst, NOBODY, NOBODY) != 0) die("work owner");
  if ((work_host_fd = open(work_host, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) die(work_host);
  int to = open(dst, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  work_entries = 0;
  if (to < 0 || copy_tree(work_host_fd, to, 0, NOBODY) != 0) die("copying the work directory in");
  close(to);
}

/* After the run, what is in /box goes back to the host directory; -1 when not all of it could. */
static int work_copy_out(void) {
  if (work_host_fd < 0) return 0;
  int from = open("/box", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (from < 0) return -1;
  work_entries = 0;
  int ok = copy_tree(from, work_host_fd, 0, (uid_t)-1);
  close(from);
  return ok;
}

/* ---------- seccomp: a small deny-list, and only the native ABI ---------- */

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#endif

static const int denied[] = {
#ifdef __NR_ptrace
    __NR_ptrace,
#endif
#ifdef __NR_process_vm_readv
    __NR_process_vm_readv, __NR_process_vm_writev,
#endif
#ifdef __NR_keyctl
    __NR_keyctl, __NR_add_key, __NR_request_key,
#endif
#ifdef __NR_io_uring_setup
    __NR_io_uring_setup, __NR_io_uring_enter, __NR_io_uring_register,
#endif
#ifdef __NR_kexec_load
    __NR_kexec_load,
#endif
#ifdef __NR_kexec_file_load
    __NR_kexec_file_load,
#endif
#ifdef __NR_bpf
    __NR_bpf,
#endif
#ifdef __NR_perf_event_open
    __NR_perf_event_open,
#endif
    __NR_mount, __NR_umount2, __NR_unshare, __NR_setns, __NR_pivot_root, __NR_chroot,
#ifdef __NR_open_tree
    __NR_open_tree, __NR_move_mount, __NR_fsopen, __NR_fsconfig, __NR_fsmount, __NR_fspick,
#endif
#ifdef __NR_mount_setattr
    __NR_mount_setattr,
#endif
#ifdef __NR_userfaultfd
    __NR_userfaultfd,
#endif
#ifdef __NR_pidfd_getfd
    __NR_pidfd_getfd,
#endif
#ifdef __NR_process_madvise
    __NR_process_madvise,
#endif
    __NR_name_to_handle_at, __NR_open_by_handle_at, __NR_init_module, __NR_finit_module, __NR_delete_module,
    __NR_reboot, __NR_swapon, __NR_swapoff, __NR_acct, __NR_quotactl, __NR_syslog,
#ifdef __NR_iopl
    __NR_iopl, __NR_ioperm,
#endif
#ifdef __NR_uselib
    __NR_uselib,
#endif
    /* SysV IPC and POSIX message queues outlive the process that made them (in the box's IPC
       namespace, charged to its memory group): a box serves program after program. */
#ifdef __NR_shmget
    __NR_shmget, __NR_shmat, __NR_shmctl, __NR_shmdt,
#endif
#ifdef __NR_msgget
    __NR_msgget, __NR_msgsnd, __NR_msgrcv, __NR_msgctl,
#endif
#ifdef __NR_semget
    __NR_semget, __NR_semop, __NR_semctl,
#endif
#ifdef __NR_semtimedop
    __NR_semtimedop,
#endif
#ifdef __NR_mq_open
    __NR_mq_open, __NR_mq_unlink, __NR_mq_timedsend, __NR_mq_timedreceive, __NR_mq_notify, __NR_mq_getsetattr,
#endif
};

#define NS_FLAGS (CLONE_NEWNS | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP)

static int install_seccomp(void) {
  struct sock_filter f[256];
  int n = 0;
#define S(code, k) (f[n++] = (struct sock_filter)BPF_STMT(code, k))
#define J(code, k, jt, jf) (f[n++] = (struct sock_filter)BPF_JUMP(code, k, jt, jf))
  const unsigned DENY = SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA);
  S(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
  J(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0); /* a foreign ABI (i386 on x86-64): killed */
  S(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
  S(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
#ifdef __x86_64__
  J(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1); /* x32 */
  S(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
#endif
  for (size_t i = 0; i < sizeof denied / sizeof *denied; i++) {
    J(BPF_JMP | BPF_JEQ | BPF_K, denied[i], 0, 1);
    S(BPF_RET | BPF_K, DENY);
  }
#ifdef __NR_clone3
  /* clone3's flags are in memory, out of a filter's reach: ENOSYS makes libc fall back to clone. */
  J(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 0, 1);
  S(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS);
#endif
  /* clone with a new namespace (a user namespace above all): refused; a plain fork or thread is not. */
  J(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 3);
  S(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0]));
  J(BPF_JMP | BPF_JSET | BPF_K, NS_FLAGS, 0, 1);
  S(BPF_RET | BPF_K, DENY);
  /* personality: only the query and the default (turning off address randomisation is refused). */
  S(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
  J(BPF_JMP | BPF_JEQ | BPF_K, __NR_personality, 0, 4);
  S(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0]));
  J(BPF_JMP | BPF_JEQ | BPF_K, 0, 2, 0);
  J(BPF_JMP | BPF_JEQ | BPF_K, 0xffffffff, 1, 0);
  S(BPF_RET | BPF_K, DENY);
  S(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
  struct sock_fprog prog = {.len = (unsigned short)n, .filter = f};
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}

/* ---------- the wire ---------- */

static char *ibuf;
static size_t ilen, icap = MAX_FRAME + 65536;
static int ctl_eof;

/* Reads what the judge sent; returns 0 at end of input. */
static int fill(void) {
  if (ilen == icap) {
    printf("FAIL request too large\n");
    fflush(stdout);
    _exit(1);
  }
  ssize_t n = read(0, ibuf + ilen, icap - ilen);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return 1;
  if (n <= 0) return ctl_eof = 1, 0;
  ilen += n;
  return 1;
}

static void consume(size_t n) {
  memmove(ibuf, ibuf + n, ilen - n);
  ilen -= n;
}

/* Length of the first line (with its \n), or 0 if not all there. */
static size_t line_len(void) {
  char *nl = memchr(ibuf, '\n', ilen);
  if (!nl) {
    if (ilen > 4096) {
      printf("FAIL request line too long\n");
      fflush(stdout);
      _exit(1);
    }
    return 0;
  }
  return nl - ibuf + 1;
}

static void write_all(int fd, const void *data, size_t len) {
  const char *p = data;
  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(1); /* the judge is gone */
    p += n;
    len -= n;
  }
}

/* ---------- one run ---------- */

struct run {
  long id, cpu_ms, cpu_backstop_s, wall_ms, mem_kb, fsize, out_bytes, procs;
  int live, argc, envc;
  char *strings[MAX_STRINGS + 1];
};

static long long now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000LL + t.tv_nsec / 1000;
}

static long long read_num(int fd) {
  char b[64];
  ssize_t n = pread(fd, b, sizeof b - 1, 0);
  if (n <= 0) return -1;
  b[n] = 0;
  return strtoll(b, NULL, 10);
}

/* A "key value" line of a cgroup file (memory.events, cpu.stat, memory.oom_control). */
static long long read_key(int fd, const char *key) {
  char b[4096];
  ssize_t n = pread(fd, b, sizeof b - 1, 0);
  if (n <= 0) return -1;
  b[n] = 0;
  size_t kl = strlen(key);
  for (char *p = b; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p)
    if (!strncmp(p, key, kl) && p[kl] == ' ') return strtoll(p + kl + 1, NULL, 10);
  return -1;
}

static long long cpu_now_ns(void) {
  if (cpu_usage_fd >= 0) return read_num(cpu_usage_fd);
  if (cpu_stat_fd >= 0) {
    long long us = read_key(cpu_stat_fd, "usage_usec");
    return us < 0 ? -1 : us * 1000;
  }
  return -1;
}

static long long oom_count(void) {
  if (mem_oom_fd >= 0) return read_key(mem_oom_fd, "oom_kill");
  if (mem_events_fd >= 0) return read_key(mem_events_fd, "oom_kill");
  return -1;
}

/* A small /proc file of the box, NUL-terminated in b; 0 when it cannot be read. */
static int read_small(const char *path, char *b, size_t size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  ssize_t n = read(fd, b, size - 1);
  close(fd);
  if (n <= 0) return 0;
  b[n] = 0;
  return 1;
}

/* CPU time of a process and its waited children from /proc (when there is no CPU cgroup), ns. */
static long long proc_cpu_ns(pid_t pid) {
  char path[64], b[2048];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  if (!read_small(path, b, sizeof b)) return -1;
  char *p = strrchr(b, ')');
  if (!p) return -1;
  unsigned long long v[16] = {0};
  /* fields after the name: state(3) ppid ... utime(14) stime(15) cutime(16) cstime(17) */
  int field = 3;
  for (char *t = strtok(p + 2, " "); t && field <= 17; t = strtok(NULL, " "), field++)
    if (field >= 14) v[field - 14] = strtoull(t, NULL, 10);
  return (long long)(v[0] + v[1] + v[2] + v[3]) * (1000000000LL / sysconf(_SC_CLK_TCK));
}

/* Resident memory of a process, KiB (when there is no memory cgroup). */
static long long proc_rss_kb(pid_t pid) {
  char path[64], b[256];
  snprintf(path, sizeof path, "/proc/%d/statm", pid);
  if (!read_small(path, b, sizeof b)) return -1;
  long long pages = 0, rss = 0;
  sscanf(b, "%lld %lld", &pages, &rss);
  return rss * (sysconf(_SC_PAGESIZE) / 1024);
}

/* Time the program's threads waited for a core (the longest of them), us: not the program's wall. */
static long long queued_us(pid_t pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/task", pid);
  DIR *d = opendir(path);
  if (!d) return -1;
  long long most = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char p[300], b[128];
    snprintf(p, sizeof p, "/proc/%d/task/%s/schedstat", pid, e->d_name);
    if (!read_small(p, b, sizeof b)) continue;
    unsigned long long run = 0, wait = 0;
    if (sscanf(b, "%llu %llu", &run, &wait) == 2 && (long long)(wait / 1000) > most) most = wait / 1000;
  }
  closedir(d);
  return most;
}

static int tmp_mounted;

/* An empty /tmp for every run: a new tmpfs, unless the last run left the one there untouched. */
static void fresh_tmp(long mb) {
  struct statfs fs;
  if (tmp_mounted && statfs("/tmp", &fs) == 0 && fs.f_files - fs.f_ffree <= 1 && fs.f_blocks == fs.f_bfree) return;
  if (tmp_mounted) umount2("/tmp", MNT_DETACH);
  tmp_mounted = 1;
  char opts[64];
  snprintf(opts, sizeof opts, "size=%ldm,mode=1777,nr_inodes=4096", mb);
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0) die("tmp");
}

static void set_limit(int res, rlim_t soft, rlim_t hard) {
  struct rlimit r = {soft, hard};
  setrlimit(res, &r);
}

/* In the child, before exec. Failures go to the judge through err_fd as "stage errno". `joined`:
   the child is in the run's groups already (forked by the forker thread). */
static void child(struct run *r, int in, int out, int errf, int err_fd, int joined) {
  const char *stage = "cgroup";
  for (int i = 0; !joined && i < nprocs_fd; i++)
    if (write(procs_fd[i], "0\n", 2) != 2) goto fail;
  stage = "stdio";
  if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(errf, 2) < 0) goto fail;
  /* Nothing of the helper's stays open in the program (its fds are close-on-exec too, this is the second lock). */
  if (syscall(SYS_close_range, 3, err_fd - 1, 0) != 0 || syscall(SYS_close_range, err_fd + 1, ~0U, 0) != 0)
    for (int fd = 3; fd < 4096; fd++)
      if (fd != err_fd) close(fd);
  stage = "limits";
  set_limit(RLIMIT_CORE, 0, 0);
  set_limit(RLIMIT_FSIZE, r->fsize, r->fsize);
  set_limit(RLIMIT_STACK, (rlim_t)r->mem_kb * 1024, (rlim_t)r->mem_kb * 1024);
  /* A backstop only: the CPU time is watched by the init, through the cgroup. */
  set_limit(RLIMIT_CPU, r->cpu_backstop_s, r->cpu_backstop_s + 1);
  set_limit(RLIMIT_NOFILE, 64, 64);
  set_limit(RLIMIT_MEMLOCK, 0, 0);
  set_limit(RLIMIT_MSGQUEUE, 0, 0);
  /* Per user, machine-wide: only where no pids cgroup caps the run's own tasks. */
  if (!cg_pids && !cg2) set_limit(RLIMIT_NPROC, 256, 256);
  stage = "cwd";
  if (chdir(r->strings[0]) != 0) goto fail;
  stage = "user";
  if (setgroups(0, NULL) != 0 || setresgid(NOBODY, NOBODY, NOBODY) != 0 || setresuid(NOBODY, NOBODY, NOBODY) != 0) goto fail;
  stage = "prctl";
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) goto fail;
  stage = "seccomp";
  if (install_seccomp() != 0) goto fail;
  stage = "exec";
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGPIPE, SIG_DFL);
  execve(r->strings[1], r->strings + 1, r->strings + 1 + r->argc + 1);
fail:;
  char msg[128];
  int len = snprintf(msg, sizeof msg, "%s %d", stage, errno);
  if (write(err_fd, msg, len) < 0) _exit(126);
  _exit(127);
}

static int sfd = -1;

/*
 * The forker: a thread of the init that joins the run's groups once (v1 lets a thread be in groups
 * of its own, by the tasks files) and forks every run's process, which so starts in the groups.
 * Joining a group takes the kernel's cgroup-migration lock, which after about 20 ms without any
 * join first waits for an RCU grace period (7 to 50 ms on a loaded machine): forked inside, a run
 * never joins. The thread's own CPU time (the forks) is counted by the group's counter and taken
 * off the run's; its memory is the init's (a thread shares its process's), never the group's; as
 * a thread of the init it is spared by kill(-1) and seen by nobody (the init is root).
 */
static pthread_t forker;
static clockid_t forker_clock;
static int forker_go = -1, forker_back = -1, forker_ok;
static struct {
  struct run *r;
  int in, out, errf, err_fd;
  pid_t pid;
  int err;
} job;

static void *forker_main(void *arg) {
  (void)arg;
  for (int i = 0; i < ntasks_fd; i++)
    if (write(tasks_fd[i], "0\n", 2) != 2) {
      __atomic_store_n(&forker_ok, -1, __ATOMIC_SEQ_CST);
      return NULL;
    }
  __atomic_store_n(&forker_ok, 1, __ATOMIC_SEQ_CST);
  for (;;) {
    uint64_t v;
    if (read(forker_go, &v, sizeof v) != sizeof v) continue;
    pid_t p = fork();
    if (p == 0) child(job.r, job.in, job.out, job.errf, job.err_fd, 1);
    job.pid = p;
    job.err = errno;
    v = 1;
    if (write(forker_back, &v, sizeof v) != sizeof v) _exit(1);
  }
  return NULL;
}

static void start_forker(void) {
  if (ntasks_fd == 0) return;
  forker_go = eventfd(0, EFD_CLOEXEC);
  forker_back = eventfd(0, EFD_CLOEXEC);
  if (forker_go < 0 || forker_back < 0 || pthread_create(&forker, NULL, forker_main, NULL) != 0) die("forker");
  if (pthread_getcpuclockid(forker, &forker_clock) != 0) die("forker clock");
}

/* The forker's CPU time so far, ns (0 without one). */
static long long forker_ns(void) {
  if (ntasks_fd == 0) return 0;
  struct timespec t;
  if (clock_gettime(forker_clock, &t) != 0) return 0;
  return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* A fork for the run: by the forker once it is in the groups, else here (the child joins itself). */
static pid_t fork_run(struct run *r, int in, int out, int errf, int err_fd, int in_w, int out_r) {
  if (ntasks_fd > 0) {
    /* Its join is once per box: the first run waits for it rather than join by itself. */
    while (__atomic_load_n(&forker_ok, __ATOMIC_SEQ_CST) == 0) usleep(200);
  }
  if (__atomic_load_n(&forker_ok, __ATOMIC_SEQ_CST) == 1) {
    job.r = r, job.in = in, job.out = out, job.errf = errf, job.err_fd = err_fd;
    uint64_t v = 1;
    if (write(forker_go, &v, sizeof v) != sizeof v || read(forker_back, &v, sizeof v) != sizeof v) die("forker");
    errno = job.err;
    return job.pid;
  }
  pid_t p = fork();
  if (p == 0) {
    if (in_w >= 0) close(in_w);
    if (out_r >= 0) close(out_r);
    child(r, in, out, errf, err_fd, 0);
  }
  return p;
}

/* Kills everything in the namespace but the init, and reaps it; bounded (a process stuck in the kernel). */
static void kill_all(pid_t main_pid, int *status, struct rusage *ru, int *main_done) {
  for (int i = 0; i < 400; i++) {
    kill(-1, SIGKILL);
    for (;;) {
      int st;
      struct rusage u;
      pid_t p = wait4(-1, &st, WNOHANG | __WALL, &u);
      if (p == main_pid && !*main_done) *status = st, *ru = u, *main_done = 1;
      if (p <= 0) {
        if (p < 0 && errno == ECHILD) return;
        break;
      }
    }
    usleep(5000);
  }
}

/*
 * A process reaped by kill_all can still be listed in its group for a moment on a loaded machine
 * (the kernel unlinks it from the group after the reap): the answer waits, bounded, until the
 * group is empty, so the next run starts in an empty group and nothing of this one is counted in
 * it, and "nothing is left running" holds when the judge reads the group.
 */
static void wait_group_empty(void) {
  if (members_fd < 0) return;
  for (int i = 0; i < 2000; i++) {
    char b[32];
    if (lseek(members_fd, 0, SEEK_SET) < 0) return;
    ssize_t n = read(members_fd, b, sizeof b);
    if (n <= 0) return;
    /* The forker thread keeps the init itself listed there. */
    if (forker_ok == 1 && n == 2 && b[0] == '1' && b[1] == '\n') return;
    usleep(1000);
  }
}

static void live_out(long id, int fd, long long *total, long limit, int *over) {
  char b[65536];
  for (;;) {
    ssize_t n = read(fd, b, sizeof b);
    if (n <= 0) return;
    if (*total + n > limit) {
      n = limit - *total;
      *over = 1;
    }
    if (n > 0) {
      char head[64];
      int hl = snprintf(head, sizeof head, "OUT %ld %zd\n", id, n);
      write_all(1, head, hl);
      write_all(1, b, n);
      *total += n;
    }
    if (*over) return;
  }
}

static void do_run(struct run *r) {
  long long cpu0, oom0 = oom_count();
  struct rusage ch0;
  getrusage(RUSAGE_CHILDREN, &ch0);
  fresh_tmp(tmp_mb);
  /* Files of their own per run (the judge removes them later): truncating the last run's output
     on the disk was most of a run's cost. */
  char name_in[32], name_out[32], name_err[32];
  snprintf(name_in, sizeof name_in, "in-%ld", r->id);
  snprintf(name_out, sizeof name_out, "out-%ld", r->id);
  snprintf(name_err, sizeof name_err, "err-%ld", r->id);
  if (mem_peak_fd >= 0) {
    if (pwrite(mem_peak_fd, "0", 1, 0) < 0 && cg2 == NULL) { /* v1 resets on any write */ }
  }
  if (cpu_usage_fd >= 0 && pwrite(cpu_usage_fd, "0", 1, 0) < 0) { /* then a difference is taken */ }
  cpu0 = cpu_now_ns();
  /* The group counts the forker's CPU time too: taken off. */
  long long forker0 = forker_ns();
  int in = -1, out = -1, errf = -1, in_w = -1, out_r = -1;
  if (r->live) {
    int a[2], b[2];
    if (pipe2(a, O_CLOEXEC) || pipe2(b, O_CLOEXEC)) die("pipe");
    in = a[0], in_w = a[1], out = b[1], out_r = b[0];
    fcntl(in_w, F_SETFL, O_NONBLOCK);
    fcntl(out_r, F_SETFL, O_NONBLOCK);
  } else {
    in = openat(io_fd, name_in, O_RDONLY | O_CLOEXEC);
    out = openat(io_fd, name_out, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  }
  errf = openat(io_fd, name_err, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (in < 0 || out < 0 || errf < 0) {
    printf("ERR %ld could not open the run's files: %s\n", r->id, strerror(errno));
    fflush(stdout);
    goto close_files;
  }
  int ep[2];
  if (pipe2(ep, O_CLOEXEC)) die("pipe");
  long long t0 = now_us();
  pid_t pid = fork_run(r, in, out, errf, ep[1], in_w, out_r);
  if (pid < 0) {
    printf("ERR %ld fork: %s\n", r->id, strerror(errno));
    fflush(stdout);
    close(ep[0]);
    close(ep[1]);
    goto close_files;
  }
  close(ep[1]);
  close(in);
  close(out);
  in = out = -1;
  /* Whether the child got as far as exec is read once it is gone (its end of the pipe closes at
     exec): waiting for it here would cost a wake-up per run. */
  char emsg[128] = {0};

  int status = 0, main_done = 0, over_out = 0, eof_sent = 0;
  struct rusage ru = {0};
  const char *killed = "none";
  long long theirs_ms = 0, out_total = 0, queued = 0;
  char *pending = NULL;
  size_t pend_len = 0, pend_off = 0;
  long long last_mem = 0, peak_proc_kb = 0;
  (void)last_mem;
  while (!main_done) {
    struct pollfd p[4];
    int np = 0;
    p[np++] = (struct pollfd){.fd = sfd, .events = POLLIN};
    int ctl_i = -1, out_i = -1;
    if (!ctl_eof) ctl_i = np, p[np++] = (struct pollfd){.fd = 0, .events = POLLIN};
    if (out_r >= 0 && !over_out) out_i = np, p[np++] = (struct pollfd){.fd = out_r, .events = POLLIN};
    if (in_w >= 0 && pend_off < pend_len) p[np++] = (struct pollfd){.fd = in_w, .events = POLLOUT};
    int ready = poll(p, np, TICK_MS);
    if (ready < 0 && errno != EINTR) die("poll");
    if (p[0].revents & POLLIN) {
      struct signalfd_siginfo si;
      while (read(sfd, &si, sizeof si) == sizeof si) {}
    }
    for (;;) {
      int st;
      struct rusage u;
      pid_t q = wait4(-1, &st, WNOHANG | __WALL, &u);
      if (q <= 0) break;
      if (q == pid) status = st, ru = u, main_done = 1;
    }
    if (out_i >= 0 && (p[out_i].revents & (POLLIN | POLLHUP))) {
      live_out(r->id, out_r, &out_total, r->out_bytes, &over_out);
      if (over_out) {
        killed = "output";
        break;
      }
    }
    if (ctl_i >= 0 && (p[ctl_i].revents & (POLLIN | POLLHUP)) && !fill()) {
      killed = "judge";
      break;
    }
    /* Frames already read (some may have come in the same read as the request). */
    for (;;) {
      size_t ll = line_len();
      if (!ll) break;
      char line[4097];
      memcpy(line, ibuf, ll);
      line[ll] = 0;
      long id = 0, len = 0;
      if (!strncmp(line, "RUN ", 4)) break; /* the next request: after this run */
      if (sscanf(line, "IN %ld %ld", &id, &len) == 2) {
        if (len < 0 || len > MAX_FRAME) die("input frame");
        if (ilen < ll + (size_t)len) break; /* the rest comes with the next read */
        if (id == r->id && in_w >= 0) {
          if (pend_off == pend_len) pend_off = pend_len = 0;
          if (pend_len + len > 64 << 20) die("live input backlog");
          pending = realloc(pending, pend_len + len);
          memcpy(pending + pend_len, ibuf + ll, len);
          pend_len += len;
        }
        consume(ll + len);
      } else if (sscanf(line, "EOF %ld", &id) == 1) {
        if (id == r->id && !eof_sent) eof_sent = 1;
        consume(ll);
      } else if (sscanf(line, "THEIRS %ld %ld", &id, &len) == 2) {
        if (id == r->id) theirs_ms = len;
        consume(ll);
      } else if (sscanf(line, "KILL %ld", &id) == 1) {
        consume(ll);
        if (id == r->id) killed = "judge";
      } else {
        printf("FAIL unknown frame during a run\n");
        fflush(stdout);
        _exit(1);
      }
    }
    if (in_w >= 0 && pend_off < pend_len) {
      ssize_t n = write(in_w, pending + pend_off, pend_len - pend_off);
      if (n > 0) pend_off += n;
      else if (n < 0 && errno != EAGAIN) pend_off = pend_len; /* the program closed its input */
    }
    if (pend_off == pend_len && eof_sent == 1 && in_w >= 0) close(in_w), in_w = -1, eof_sent = 2;
    if (!strcmp(killed, "judge")) break;
    if (main_done) break;
    long long cpu = cpu_now_ns();
    if (cpu >= 0) cpu -= cpu0 + (forker_ns() - forker0);
    else cpu = proc_cpu_ns(pid);
    if (cpu > r->cpu_ms * 1000000LL) {
      killed = "cpu";
      break;
    }
    if (mem_peak_fd < 0 && mem_oom_fd < 0 && mem_events_fd < 0) {
      long long rss = proc_rss_kb(pid);
      if (rss > peak_proc_kb) peak_proc_kb = rss;
      if (rss > r->mem_kb) {
        killed = "memory";
        break;
      }
    }
    long long wall = now_us() - t0;
    if (wall > r->wall_ms * 1000LL) {
      long long q = queued_us(pid);
      if (q >= 0) queued = q;
      if (wall - queued - theirs_ms * 1000 > r->wall_ms * 1000LL) {
        killed = "wall";
        break;
      }
    }
  }
  long long wall = now_us() - t0;
  if (!main_done && strcmp(killed, "wall")) {
    long long q = queued_us(pid);
    if (q >= 0) queued = q;
  }
  kill_all(pid, &status, &ru, &main_done);
  wait_group_empty();
  fcntl(ep[0], F_SETFL, O_NONBLOCK);
  ssize_t en = read(ep[0], emsg, sizeof emsg - 1);
  close(ep[0]);
  if (en > 0) killed = "setup";
  int work_copied = work_copy_out();
  if (out_r >= 0 && !over_out) live_out(r->id, out_r, &out_total, r->out_bytes, &over_out);
  long long cpu = cpu_now_ns();
  const char *cpu_src = "cgroup";
  struct rusage ch1;
  getrusage(RUSAGE_CHILDREN, &ch1);
  long long ru_cpu = (ch1.ru_utime.tv_sec - ch0.ru_utime.tv_sec + ch1.ru_stime.tv_sec - ch0.ru_stime.tv_sec) * 1000000000LL +
                     (ch1.ru_utime.tv_usec - ch0.ru_utime.tv_usec + ch1.ru_stime.tv_usec - ch0.ru_stime.tv_usec) * 1000LL;
  if (cpu >= 0) {
    cpu -= cpu0 + (forker_ns() - forker0);
    if (cpu < 0) cpu = 0;
  } else cpu = ru_cpu, cpu_src = "rusage";
  long long oom1 = oom_count();
  long long peak = mem_peak_fd >= 0 ? read_num(mem_peak_fd) : -1;
  struct stat so, se;
  long long out_size = r->live ? out_total : (fstatat(io_fd, name_out, &so, 0) == 0 ? so.st_size : -1);
  long long err_size = fstat(errf, &se) == 0 ? se.st_size : -1;
  long maxrss = ru.ru_maxrss > peak_proc_kb ? ru.ru_maxrss : peak_proc_kb;
  for (char *s = emsg; *s; s++)
    if (*s == ' ') *s = ':';
  printf("DONE %ld exited=%d code=%d signal=%d cpu_ns=%lld cpu_from=%s wall_us=%lld queued_us=%lld rss_kb=%ld cgroup_peak=%lld oom=%lld "
         "out_bytes=%lld err_bytes=%lld stopped=%s setup=%s work=%s\n",
         r->id, main_done && WIFEXITED(status), main_done && WIFEXITED(status) ? WEXITSTATUS(status) : -1,
         main_done && WIFSIGNALED(status) ? WTERMSIG(status) : 0, cpu, cpu_src, wall, queued, maxrss, peak,
         (oom0 >= 0 && oom1 >= 0) ? oom1 - oom0 : -1, out_size, err_size, killed, en > 0 ? emsg : "-", work_copied == 0 ? "ok" : "incomplete");
  fflush(stdout);
  free(pending);
close_files:
  if (in >= 0) close(in);
  if (out >= 0) close(out);
  if (errf >= 0) close(errf);
  if (in_w >= 0) close(in_w);
  if (out_r >= 0) close(out_r);
}

/* Parses one RUN request (its header and strings) if all of it is there; 0 if more must be read. */
static int take_run(struct run *r) {
  size_t ll = line_len();
  if (!ll) return 0;
  char line[4097];
  memcpy(line, ibuf, ll);
  line[ll] = 0;
  if (sscanf(line, "RUN %ld %ld %ld %ld %ld %ld %ld %ld %d %d %d", &r->id, &r->cpu_ms, &r->cpu_backstop_s, &r->wall_ms, &r->mem_kb, &r->fsize, &r->out_bytes, &r->procs, &r->live, &r->argc, &r->envc) != 11 ||
      r->argc < 1 || r->envc < 0 || r->argc + r->envc + 1 > MAX_STRINGS - 2 || r->cpu_ms <= 0 || r->cpu_backstop_s <= 0 || r->wall_ms <= 0 || r->mem_kb <= 0 || r->fsize <= 0) {
    if (!strncmp(line, "EOF ", 4) || !strncmp(line, "IN ", 3) || !strncmp(line, "THEIRS ", 7) || !strncmp(line, "KILL ", 5)) {
      /* late words about a run that has ended */
      long id, len = 0;
      if (sscanf(line, "IN %ld %ld", &id, &len) == 2) {
        if (len < 0 || len > MAX_FRAME) die("input frame");
        if (ilen < ll + (size_t)len) return 0;
        consume(ll + len);
      } else consume(ll);
      return -1;
    }
    printf("FAIL bad request\n");
    fflush(stdout);
    _exit(1);
  }
  int want = 1 + r->argc + r->envc, got = 0;
  size_t pos = ll;
  while (got < want) {
    char *nul = memchr(ibuf + pos, 0, ilen - pos);
    if (!nul) return 0;
    pos = nul - ibuf + 1;
    got++;
  }
  /* copied out, as the buffer moves on */
  char *copy = malloc(pos - ll);
  memcpy(copy, ibuf + ll, pos - ll);
  char *s = copy;
  for (int i = 0; i < want; i++) {
    r->strings[i] = s;
    s += strlen(s) + 1;
  }
  /* strings: cwd, argv (argc), NULL, env (envc), NULL */
  memmove(r->strings + 1 + r->argc + 1, r->strings + 1 + r->argc, r->envc * sizeof(char *));
  r->strings[1 + r->argc] = NULL;
  r->strings[1 + r->argc + 1 + r->envc] = NULL;
  consume(pos);
  return 1;
}

static void serve(void) {
  ibuf = malloc(icap);
  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGCHLD);
  sigprocmask(SIG_BLOCK, &mask, NULL);
  sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
  if (sfd < 0) die("signalfd");
  signal(SIGPIPE, SIG_DFL);
  start_forker();
  printf("READY\n");
  fflush(stdout);
  for (;;) {
    struct run r;
    int got;
    while ((got = take_run(&r)) == 0)
      if (!fill()) _exit(0);
    if (got < 0) continue;
    do_run(&r);
    free(r.strings[0]);
    if (ctl_eof) _exit(0);
  }
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--io") && i + 1 < argc) io_dir = argv[++i];
    else if ((!strcmp(a, "--ro") || !strcmp(a, "--rw")) && i + 2 < argc && nbinds < MAX_BINDS) {
      binds[nbinds++] = (struct bind){argv[i + 1], argv[i + 2], a[3] == 'w'};
      i += 2;
    } else if (!strcmp(a, "--cg-memory") && i + 1 < argc) cg_mem = argv[++i];
    else if (!strcmp(a, "--cg-pids") && i + 1 < argc) cg_pids = argv[++i];
    else if (!strcmp(a, "--cg-cpuacct") && i + 1 < argc) cg_cpu = argv[++i];
    else if (!strcmp(a, "--cg2") && i + 1 < argc) cg2 = argv[++i];
    else if (!strcmp(a, "--tmp-mb") && i + 1 < argc) tmp_mb = atol(argv[++i]);
    else if (!strcmp(a, "--work") && i + 1 < argc) work_host = argv[++i];
    else if (!strcmp(a, "--work-mb") && i + 1 < argc) work_mb = atol(argv[++i]);
    else {
      printf("FAIL unknown argument %s\n", a);
      return 2;
    }
  }
  if (!io_dir) {
    printf("FAIL no --io directory\n");
    return 2;
  }
  /* The box dies with the judge thread that started it. */
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) return 1;
  if ((io_fd = open(io_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) die("io directory");
  open_cgroups();
  if (unshare(CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS) != 0) die("namespaces (the native runner needs root)");
  pid_t init = fork();
  if (init < 0) die("fork");
  if (init > 0) {
    /* Outside: waits for the namespace's init, whose death ends every process in it. */
    int st;
    while (waitpid(init, &st, 0) < 0 && errno == EINTR) {}
    return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
  }
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  setup_root();
  serve();
  return 0;
}
