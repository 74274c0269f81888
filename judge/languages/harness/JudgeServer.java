// Serves one Java submission's cases inside the box. Protocol: see judge/sandbox/protocol.py.
// A JVM cannot fork, so one JVM serves every case: a fresh Solution instance per case (static fields
// persist), each call on a new thread with a big stack (a 2,500-deep recursion needs more than the
// default 512 KiB), its CPU time read from the thread. A case over the CPU limit or out of heap is
// answered, then the JVM halts and the judge starts a fresh one ("restart").
// JudgeGlue (generated from the neutral signature) does the typed call.
// In a package of its own: the submission's classes are in the unnamed package, which no named package
// can see, so none of them can stand for a name this server uses (a `class FileInputStream` of the
// submission's would otherwise be the one main() opens its pipe with, running its code before `ready`,
// where nothing is charged to a case). The glue, beside Solution in the unnamed package, is reached
// through reflection, at the first case.
package judge;

import java.io.*;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.*;

@SuppressWarnings("unchecked")
public final class JudgeServer {
    // A case's thread stack: 512 MiB, but an eighth of the memory limit at most (a case that fills it
    // measures two to three times that), so that runaway recursion is a StackOverflowError (RE, as on
    // LeetCode), not the memory limit (MLE).
    static long stackBytes = 512L << 20;
    static Map<String, Object> config;
    static double cpuLimit;
    static long outputBytes;

    public static void main(String[] argv) throws Exception {
        config = (Map<String, Object>) new Json(argv[0]).value();
        cpuLimit = ((Number) config.get("cpu_limit")).doubleValue();
        outputBytes = ((Number) config.get("output_bytes")).longValue();
        stackBytes = Math.min(stackBytes, ((Number) config.get("memory_bytes")).longValue() / 8);
        int reqFd = ((Number) config.get("request_fd")).intValue();
        int respFd = ((Number) config.get("response_fd")).intValue();
        BufferedReader in = new BufferedReader(new InputStreamReader(
                new FileInputStream("/proc/self/fd/" + reqFd), StandardCharsets.UTF_8));
        OutputStream out = new FileOutputStream("/proc/self/fd/" + respFd);
        send(out, "{\"status\":\"ready\"}");
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Map<String, Object> request = (Map<String, Object>) new Json(line).value();
            String answer = serve(request);
            System.out.flush();
            System.err.flush();
            send(out, answer);
            if (answer.contains("\"restart\":true")) Runtime.getRuntime().halt(0);
        }
    }

    static java.lang.reflect.Method glueMethod;

    static java.lang.reflect.Method glue() throws ReflectiveOperationException {
        if (glueMethod == null) glueMethod = Class.forName("JudgeGlue").getMethod("call", Object[].class);
        return glueMethod;
    }

    static void send(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    static String serve(Map<String, Object> request) throws InterruptedException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        List<Object> rawArgs = (List<Object>) request.get("args");
        List<Map<String, Object>> params = (List<Map<String, Object>>) config.get("params");
        String[] result = new String[1];
        long[] cpu = new long[1];
        Object[] args = new Object[rawArgs.size()];
        Runnable body = () -> {
            long start = mx.getCurrentThreadCpuTime();
            try {
                for (int i = 0; i < args.length; i++) args[i] = fromJson(rawArgs.get(i), (String) params.get(i).get("type"));
                Object value;
                try {
                    value = glue().invoke(null, (Object) args);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    throw e.getCause();  // the submission's own exception, as a direct call would throw it
                }
                Object idx = config.get("inplace_index");
                if (value == null && idx != null) value = args[((Number) idx).intValue()];
                cpu[0] = mx.getCurrentThreadCpuTime() - start;
                StringBuilder sb = new StringBuilder("\"status\":\"ok\",\"value\":");
                toJson(value, sb);
                result[0] = sb.length() > outputBytes ? "\"status\":\"output_limit\"" : sb.toString();
            } catch (OutOfMemoryError e) {
                result[0] = "\"status\":\"memory\",\"restart\":true";
            } catch (Throwable e) {
                result[0] = exception(e);
            }
            if (cpu[0] == 0) cpu[0] = mx.getCurrentThreadCpuTime() - start;
        };
        Thread t = new Thread(null, body, "solution", stackBytes);
        t.setDaemon(true);
        t.start();
        long limitNs = (long) (cpuLimit * 1e9);
        while (t.isAlive()) {
            t.join(10);
            long used = mx.getThreadCpuTime(t.getId());
            if (t.isAlive() && used > limitNs) {
                return head(request, used) + "\"status\":\"timeout\",\"restart\":true}";
            }
        }
        String body2 = result[0] == null ? "\"status\":\"harness_error\",\"message\":\"no result\"" : result[0];
        if (cpu[0] > limitNs && !body2.contains("\"restart\"")) body2 = "\"status\":\"timeout\"";
        return head(request, cpu[0]) + body2 + "}";
    }

    static String head(Map<String, Object> request, long cpuNs) {
        return "{\"id\":" + request.get("id") + ",\"cpu_ms\":" + (cpuNs / 1e6) + ",\"mem_kb\":" + peakKb() + ",";
    }

    static long peakKb() {
        try (BufferedReader r = new BufferedReader(new FileReader("/proc/self/status"))) {
            String line;
            while ((line = r.readLine()) != null)
                if (line.startsWith("VmHWM:")) return Long.parseLong(line.replaceAll("[^0-9]", ""));
        } catch (IOException e) { /* no /proc: report 0 */ }
        return 0;
    }

    // The Throwable is the submission's object: getStackTrace() and getMessage() may be overridden to
    // throw or return null, so each is read once, in a try, with a fallback (getClass() is final).
    static String exception(Throwable e) {
        String where = "";
        try {
            for (StackTraceElement f : e.getStackTrace()) {
                if ("Solution.java".equals(f.getFileName())) {
                    where = "line " + f.getLineNumber() + " in " + f.getMethodName();
                    break;
                }
            }
        } catch (Throwable t) {
            where = "";
        }
        String message;
        try {
            message = e.getMessage();
            if (message == null) message = "";
        } catch (Throwable t) {
            message = "<its message could not be read: getMessage() threw " + t.getClass().getName() + ">";
        }
        if (message.length() > 300) message = message.substring(0, 300);
        StringBuilder sb = new StringBuilder("\"status\":\"exception\",\"type\":");
        quote(e.getClass().getName(), sb);
        sb.append(",\"message\":");
        quote(message, sb);
        sb.append(",\"where\":");
        quote(where, sb);
        return sb.toString();
    }

    // Neutral type -> Java value: int long double bool char string and arrays of them, for any problem.
    static Object fromJson(Object v, String type) {
        String scalar = type.replace("[]", "").trim();
        int depth = (type.length() - type.replace("[]", "").length()) / 2;
        return convert(v, scalar, depth);
    }

    static Class<?> javaClass(String scalar, int depth) {
        Class<?> c;
        switch (scalar) {
            case "int": c = int.class; break;
            case "long": c = long.class; break;
            case "double": c = double.class; break;
            case "bool": c = boolean.class; break;
            case "char": c = char.class; break;
            default: c = String.class;
        }
        for (int i = 0; i < depth; i++) c = Array.newInstance(c, 0).getClass();
        return c;
    }

    static Object convert(Object v, String scalar, int depth) {
        if (depth == 0) {
            switch (scalar) {
                case "int": return ((Number) v).intValue();
                case "long": return ((Number) v).longValue();
                case "double": return ((Number) v).doubleValue();
                case "bool": return (Boolean) v;
                case "char": return ((String) v).charAt(0);
                default: return (String) v;
            }
        }
        List<Object> items = (List<Object>) v;
        Object array = Array.newInstance(javaClass(scalar, depth - 1), items.size());
        for (int i = 0; i < items.size(); i++) Array.set(array, i, convert(items.get(i), scalar, depth - 1));
        return array;
    }

    // Java value -> JSON: a char is a one-character string, as every other server sends it.
    static void toJson(Object v, StringBuilder sb) {
        if (v == null) sb.append("null");
        else if (v instanceof Character) quote(String.valueOf(v), sb);
        else if (v instanceof String) quote((String) v, sb);
        else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            sb.append(Double.isFinite(d) ? String.valueOf(d) : "null");
        } else if (v instanceof Number || v instanceof Boolean) sb.append(v);
        else if (v.getClass().isArray()) {
            sb.append('[');
            for (int i = 0, n = Array.getLength(v); i < n; i++) {
                if (i > 0) sb.append(',');
                toJson(Array.get(v, i), sb);
            }
            sb.append(']');
        } else if (v instanceof Iterable) {
            sb.append('[');
            boolean first = true;
            for (Object item : (Iterable<?>) v) {
                if (!first) sb.append(',');
                first = false;
                toJson(item, sb);
            }
            sb.append(']');
        } else quote(String.valueOf(v), sb);
    }

    static void quote(String s, StringBuilder sb) {
        sb.append('"');
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c < 0x20 || c > 0x7e) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        sb.append('"');
    }

    // A small JSON reader: objects, arrays, strings, numbers (Long or Double), booleans, null.
    static final class Json {
        final String t;
        int p;
        Json(String text) { t = text; }
        void ws() { while (p < t.length() && Character.isWhitespace(t.charAt(p))) p++; }
        Object value() {
            ws();
            char c = t.charAt(p);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                p++; ws();
                if (t.charAt(p) == '}') { p++; return m; }
                while (true) {
                    ws(); String k = string(); ws(); p++;
                    m.put(k, value()); ws();
                    if (t.charAt(p++) == '}') return m;
                }
            }
            if (c == '[') {
                List<Object> l = new ArrayList<>();
                p++; ws();
                if (t.charAt(p) == ']') { p++; return l; }
                while (true) {
                    l.add(value()); ws();
                    if (t.charAt(p++) == ']') return l;
                }
            }
            if (c == '"') return string();
            if (t.startsWith("true", p)) { p += 4; return Boolean.TRUE; }
            if (t.startsWith("false", p)) { p += 5; return Boolean.FALSE; }
            if (t.startsWith("null", p)) { p += 4; return null; }
            int s = p;
            while (p < t.length() && "+-0123456789.eE".indexOf(t.charAt(p)) >= 0) p++;
            String num = t.substring(s, p);
            if (num.contains(".") || num.contains("e") || num.contains("E")) return Double.parseDouble(num);
            return Long.parseLong(num);
        }
        String string() {
            StringBuilder sb = new StringBuilder();
            p++;
            while (t.charAt(p) != '"') {
                char c = t.charAt(p++);
                if (c != '\\') { sb.append(c); continue; }
                char e = t.charAt(p++);
                switch (e) {
                    case 'n': sb.append('\n'); break;
                    case 't': sb.append('\t'); break;
                    case 'r': sb.append('\r'); break;
                    case 'b': sb.append('\b'); break;
                    case 'f': sb.append('\f'); break;
                    case 'u': sb.append((char) Integer.parseInt(t.substring(p, p + 4), 16)); p += 4; break;
                    default: sb.append(e);
                }
            }
            p++;
            return sb.toString();
        }
    }
}
